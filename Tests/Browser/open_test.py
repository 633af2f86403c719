"""What `ilgi serve --open` gives the browser, opened in a real one: the owner-only page that
goes on to the address with the token must land on the list, signed in (the token kept in
this origin's storage on the way, in no cookie), with the token gone from the address.

Run by `ServeTests` (Tests/IlgiCLITests):

    python open_test.py PAGE_FILE URL

URL is the server's root (http://127.0.0.1:PORT/). A failed check ends the run with exit 1.
"""

import json
import os
import sys

from browser_support import CHROMIUM
from playwright.sync_api import sync_playwright

PAGE, URL = sys.argv[1:3]


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        try:
            context = browser.new_context()
            page = context.new_page()
            page.goto("file://" + PAGE)
            try:
                page.wait_for_selector("body.page-list", timeout=20000)
            except Exception:
                print(f"FAILED: {page.url} is not the list: {page.content()[:800]}")
                return 1
            if page.url != URL:
                print(f"FAILED: the list is at {page.url}, not {URL}")
                return 1
            cookies = [cookie["name"] for cookie in context.cookies()]
            if cookies:
                print(f"FAILED: the token went into a cookie: {cookies}")
                return 1
            print(json.dumps({"passed": page.url, "title": page.title()}))
            return 0
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
