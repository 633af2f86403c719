"""A site `ilgi serve --read-only` serves, in a real browser: the printed address opened as a
person does (the token kept in the origin's storage, sent by the site's service worker), then
the search page run in the browser, and a screenshot of a calendar page.

Run by `BrowserTests` (Tests/IlgiCLITests):

    python site_test.py URL TOKEN QUERY CALENDAR SHOT

URL is the server's root (http://127.0.0.1:PORT/), CALENDAR a page's path under it. Prints the
search's count and titles as JSON; a failed check ends the run with exit 1.
"""

import json
import sys
import urllib.parse

from browser_support import CHROMIUM, Failed, check, enter
from playwright.sync_api import sync_playwright

URL, TOKEN, QUERY, CALENDAR, SHOT = sys.argv[1:6]


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        try:
            context = browser.new_context(viewport={"width": 1100, "height": 1300})
            page = context.new_page()
            enter(page, URL.rstrip("/"), TOKEN, landing="body:not([data-worker])")
            check(not context.cookies(), f"the token went into a cookie: {context.cookies()}")
            page.goto(URL + "search.html?q=" + urllib.parse.quote(QUERY))
            page.wait_for_selector("[data-count]", timeout=20000)
            count = int(page.locator("[data-count]").first.get_attribute("data-count"))
            titles = page.locator("#search-results span.entry-title").all_inner_texts()
            page.goto(URL + CALENDAR)
            page.screenshot(path=SHOT)
            print(json.dumps({"count": count, "titles": titles}))
            return 0
        except Failed as failure:
            print(f"FAILED: {failure}")
            return 1
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
