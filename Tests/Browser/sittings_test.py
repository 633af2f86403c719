"""Every sitting in the app ends in a commit of its last text, however it ends: the person leaves
the writing page (Done), closes the tab, stops `ilgi serve` with Ctrl-C while the page is open, or the
server is killed and started again. Each ending is run several times (a race that passes twice
is not fixed).

Run by `AppBrowserTests` (Tests/IlgiCLITests):

    python sittings_test.py ILGI JOURNAL

JOURNAL is a journal with git; the environment is the journal's (HOME, ILGI_JOURNAL). The script
starts and stops `ilgi serve` itself. A failed check ends the run with exit 1 and one line.
"""

import json
import os
import signal
import subprocess
import sys

from browser_support import CHROMIUM, Failed, answers, check, enter, files_holding, free_port, wait_for
from playwright.sync_api import sync_playwright

ILGI, JOURNAL = sys.argv[1:3]
TOKEN = "sittings-test-token"
ROUNDS = 3


PORT = free_port()
URL = f"http://127.0.0.1:{PORT}"


class Server:
    """`ilgi serve` on PORT with a token of this script's."""

    def __init__(self):
        self.process = subprocess.Popen(
            [ILGI, "serve", "--port", str(PORT), "--token", TOKEN],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: answers(URL), "ilgi serve did not start", seconds=20)

    def stop(self, how=signal.SIGINT):
        if self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(timeout=20)


def git(*arguments):
    # Looks without taking the index's lock, as a person's `git status` would take it.
    return subprocess.run(["git", "--no-optional-locks", "-C", JOURNAL, *arguments], capture_output=True, text=True,
                          timeout=30).stdout


def committed(words):
    """Whether the journal's last commit holds `words` in an entry and nothing is left out."""
    holding = files_holding(JOURNAL, words)
    return bool(holding) and git("status", "--porcelain") == "" and words in git("show", "HEAD:" + holding[0])


def why(words):
    """What the journal holds of `words`: in which files, and git's status."""
    return f"files {files_holding(JOURNAL, words)}, status {git('status', '--porcelain')!r}"


def sit(page, ending, round):
    """Writes a new entry as a person does, a line at a time: its last line is `words`."""
    words = f"Last line of {ending}, round {round}"
    page.goto(URL + "/write")
    page.locator("#text").click()
    page.keyboard.type(f"A sitting, {ending} {round}\n\nThe first line.", delay=5)
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "saved", f"{ending}: not saved")
    page.keyboard.type("\n" + words, delay=5)
    return words


def main():
    server = Server()
    steps = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        try:
            context = browser.new_context(locale="en-US")
            page = context.new_page()
            enter(page, URL, TOKEN)
            page.close()
            for round in range(1, ROUNDS + 1):
                # Done: on to the entry's page.
                page = context.new_page()
                words = sit(page, "leave", round)
                page.click("#done")
                page.wait_for_selector("body.page-entry")
                wait_for(lambda: committed(words), f"round {round}: leaving the page left {words!r} uncommitted",
                         seconds=20)
                page.close()
                steps.append(f"leave {round}")

                # The tab closed.
                page = context.new_page()
                words = sit(page, "close", round)
                page.close(run_before_unload=True)
                wait_for(lambda: committed(words), f"round {round}: closing the tab left {words!r} uncommitted: "
                                                   f"{why(words)}", seconds=20)
                steps.append(f"close {round}")

                # Ctrl-C while the page is still open, its text saved.
                page = context.new_page()
                words = sit(page, "ctrl-c", round)
                wait_for(lambda: files_holding(JOURNAL, words), "ctrl-c: the last line was not saved")
                server.stop(signal.SIGINT)
                check(committed(words), f"round {round}: Ctrl-C left {words!r} uncommitted")
                server = Server()
                page.close()
                steps.append(f"ctrl-c {round}")

                # Killed, as a power cut would, and started again.
                page = context.new_page()
                words = sit(page, "kill", round)
                wait_for(lambda: files_holding(JOURNAL, words), "kill: the last line was not saved")
                server.stop(signal.SIGKILL)
                server = Server()
                wait_for(lambda: committed(words), f"round {round}: a server started again left {words!r} uncommitted")
                page.close()
                steps.append(f"kill {round}")
        except Failed as failure:
            print(f"FAILED after {steps}: {failure}")
            return 1
        finally:
            browser.close()
            server.stop()
    print(json.dumps({"passed": steps}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
