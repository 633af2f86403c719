"""Pages that must leave nothing in the browser's console: no error, no warning of a policy
the page asks for and the browser ignores.

Run by `BrowserTests` (Tests/IlgiCLITests):

    python console_test.py URL...

Each URL is opened in a real Chromium; every console message and every message the browser
logs itself (the DevTools log, where a Content-Security-Policy's complaints go) at the level
of a warning or an error fails the run, printed one a line.
"""

import json
import sys

from browser_support import CHROMIUM
from playwright.sync_api import sync_playwright


def main():
    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        try:
            for url in sys.argv[1:]:
                page = browser.new_page()
                log = page.context.new_cdp_session(page)
                log.send("Log.enable")
                log.on("Log.entryAdded", lambda event, url=url: found.append(f"{url}: {event['entry']['text']}")
                       if event["entry"]["level"] in ("warning", "error") else None)
                page.on("console", lambda message, url=url: found.append(f"{url}: {message.text}")
                        if message.type in ("warning", "error") else None)
                page.on("pageerror", lambda error, url=url: found.append(f"{url}: {error}"))
                page.goto(url)
                page.wait_for_timeout(300)
                page.close()
        finally:
            browser.close()
    for line in sorted(set(found)):
        print("FAILED: " + line)
    if found:
        return 1
    print(json.dumps({"passed": sys.argv[1:]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
