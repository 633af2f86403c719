"""The app syncs by itself, in a real browser: `ilgi serve` on one clone of a journal with
git.sync_interval short, another clone written with the CLI and pushed. The list open in the
browser shows the other device's entry with no reload by hand, and says it synced; an entry
written in the app reaches the remote without a terminal.

Run by `AppBrowserTests` (Tests/IlgiCLITests):

    python sync_test.py ILGI SERVED OTHER REMOTE

SERVED and OTHER are two clones of the bare repository REMOTE; the environment is the
journal's (HOME, git's identity). The script starts and stops `ilgi serve` itself. A failed check
ends the run with exit 1 and one line.
"""

import json
import os
import signal
import subprocess
import sys

from browser_support import CHROMIUM, Failed, answers, check, enter, free_port, wait_for
from playwright.sync_api import sync_playwright

ILGI, SERVED, OTHER, REMOTE = sys.argv[1:5]
TOKEN = "sync-test-token"


PORT = free_port()
URL = f"http://127.0.0.1:{PORT}"


def ilgi(journal, *arguments):
    result = subprocess.run(
        [ILGI, *arguments], env={**os.environ, "ILGI_JOURNAL": journal}, capture_output=True, text=True, timeout=60)
    check(result.returncode == 0, f"ilgi {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def remote_log():
    return subprocess.run(["git", "-C", REMOTE, "log", "-p", "main"], capture_output=True, text=True, timeout=30).stdout


def main():
    server = subprocess.Popen(
        [ILGI, "serve", "--port", str(PORT), "--token", TOKEN],
        env={**os.environ, "ILGI_JOURNAL": SERVED, "ILGI_GIT_SYNC_INTERVAL": "1s", "ILGI_WEATHER_ENABLED": "false"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    steps = []
    try:
        wait_for(lambda: answers(URL), "ilgi serve did not start", seconds=20)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
            try:
                page = browser.new_context(locale="en-US").new_page()
                enter(page, URL, TOKEN)
                wait_for(lambda: page.locator("#sync").count() == 1, "the list does not say how the sync goes", seconds=20)
                # Another device writes and pushes; the list open here shows it by itself.
                ilgi(OTHER, "new", "Written on the laptop\n\nBy the window.")
                ilgi(OTHER, "sync")
                wait_for(lambda: "Written on the laptop" in page.locator("main").inner_text(),
                         "the other device's entry did not reach the open list", seconds=30)
                check("Synced with the journal's remote" in page.locator("#sync").inner_text(),
                      f"the list does not say it synced: {page.locator('#sync').inner_text()!r}")
                steps.append("another device's entry in the open list")
                # Written in the app: on the remote without a terminal.
                page.goto(URL + "/write")
                page.locator("#text").click()
                page.keyboard.type("Written in the app\n\nOn the phone, by the river.", delay=5)
                wait_for(lambda: page.locator("#status").get_attribute("data-state") == "saved", "the entry was not saved")
                page.click("#done")
                page.wait_for_selector("body.page-entry")
                wait_for(lambda: "On the phone, by the river." in remote_log(),
                         "the entry written in the app did not reach the remote", seconds=30)
                steps.append("an entry written in the app on the remote")
                ilgi(OTHER, "sync")
                check("Written in the app" in ilgi(OTHER, "list"), "the other device does not get the app's entry")
                steps.append("the other device gets it")
            finally:
                browser.close()
    except Failed as failure:
        print(f"FAILED after {steps}: {failure}")
        return 1
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    print(json.dumps({"passed": steps}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
