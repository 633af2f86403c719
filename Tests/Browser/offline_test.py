"""The diary app offline on a phone: a real Chromium at a phone's viewport, a real `ilgi serve`
stopped and started again, and a real vim changing a file meanwhile.

Run by `AppBrowserTests` (Tests/IlgiCLITests):

    python offline_test.py ILGI JOURNAL A_ID B_ID

The journal holds two entries, A (a morning walk) and B (evening tea); the environment is the
journal's (HOME, ILGI_JOURNAL). The script starts and stops `ilgi serve` itself, on a free port of
127.0.0.1 with a token of its own. Each step checks the journal's files; a failed check ends the
run with exit 1 and one line saying what was expected.
"""

import datetime
import json
import os
import re
import signal
import subprocess
import sys
import time

from browser_support import CHROMIUM, Failed, answers, check, enter, entry_texts, files_holding, free_port, wait_for
from playwright.sync_api import sync_playwright

ILGI, JOURNAL, A_ID, B_ID = sys.argv[1:5]
TOKEN = "offline-test-token"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


PORT = free_port()
URL = f"http://127.0.0.1:{PORT}"


STARTED = []


class Server:
    """`ilgi serve` on PORT, started and stopped as a person does (Ctrl-C)."""

    def __init__(self, *arguments, env=None):
        self.process = subprocess.Popen(
            [ILGI, "serve", "--port", str(PORT), "--token", TOKEN, *arguments],
            env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        STARTED.append(self.process)
        wait_for(lambda: answers(URL), "ilgi serve did not start", seconds=20)

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=20)
        check(not answers(URL), "the server still answers after it stopped")


def texts():
    return entry_texts(JOURNAL)


def holding(words):
    return files_holding(JOURNAL, words)


def path_of(entry_id):
    return next(path for path, text in texts().items() if f"id: {entry_id}\n" in text)


def kept_entries(page):
    """The ids of the entries the service worker keeps (its index, by encoded id)."""
    return page.evaluate("""async () => {
        const kept = await caches.match('/.kept', { cacheName: 'ilgi-entries-1' });
        return kept ? Object.keys(await kept.json()).map(decodeURIComponent) : [];
    }""")


def connection(page):
    line = page.locator("#connection")
    return line.inner_text() if line.is_visible() else ""


def type_at_end(page, words):
    page.locator("#text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(words, delay=2)
    page.locator("#tags").click()  # leaving the field saves at once


def works_offline_and_sends_once(browser):
    """Listed and opened online; the server stopped; the list, a kept entry, search and writing
    work; vim changes B meanwhile; the server started: A's edit and the new entry reach the
    files, in order, once; B's edit waits for the person, who settles it in the merge view."""
    before = texts()
    server = Server()
    context = browser.new_context(locale="en-US", **PHONE)
    page = context.new_page()
    enter(page, URL, TOKEN)
    check(page.evaluate("navigator.serviceWorker.ready.then(() => true)"), "no service worker took the app")
    page.reload()
    wait_for(lambda: page.evaluate("!!navigator.serviceWorker.controller"), "the service worker does not serve the page")
    wait_for(lambda: {A_ID, B_ID} <= set(kept_entries(page)), "the listed entries were not kept", seconds=15)
    check(texts() == before, "opening the app changed the journal")
    page.goto(URL + "/calendar")
    month = page.locator("h1.heading").inner_text()
    wait_for(lambda: page.evaluate("caches.open('ilgi-calendar-1').then((c) => c.keys()).then((k) => k.length)") == 1,
             "the calendar shown was not kept")
    page.goto(URL + "/")

    server.stop()
    page.reload()
    check("Morning walk" in page.locator("main").inner_text(), "the list did not open offline")
    wait_for(lambda: connection(page).startswith("Offline"), "the page does not say it is offline")
    # The calendar as last shown.
    page.goto(URL + "/calendar")
    check(page.locator("h1.heading").inner_text() == month and page.locator("table.month td.today").count() == 1,
          "the calendar did not open offline")
    page.goto(URL + "/")

    # A kept entry opens, and an edit is typed.
    page.locator(".row-link", has_text="Morning walk").click()
    wait_for(lambda: "by the river" in page.locator("main").inner_text(), "a kept entry did not open offline")
    page.goto(URL + "/write/" + A_ID)
    type_at_end(page, "\nAdded on the train.")
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "offline", "the edit did not wait")

    # A new entry, written offline.
    page.goto(URL + "/write")
    page.locator("#text").click()
    typed = datetime.datetime.now(datetime.timezone.utc)
    page.keyboard.type("Written offline\n\nOn the train, no signal.", delay=2)
    page.locator("#tags").click()
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "offline", "the new entry did not wait")

    # B is edited here and, meanwhile, in vim.
    page.goto(URL + "/write/" + B_ID)
    type_at_end(page, "\nB from the phone.")
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "offline", "B's edit did not wait")
    subprocess.run(["vim", "-Nu", "NONE", "-n", "-es", "-c", "$put ='Changed in vim.'", "-c", "wq",
                    os.path.join(JOURNAL, path_of(B_ID))], check=True, timeout=30)

    page.goto(URL + "/")
    wait_for(lambda: connection(page) == "Offline, 3 waiting", f"the list says {connection(page)!r}, not 3 waiting")

    # Search covers what is kept.
    page.goto(URL + "/search")
    page.locator("#q").fill("walk")
    wait_for(lambda: page.locator("#hits li").count() == 1, "the offline search did not find the kept entry")
    check("searched the 2 entries kept" in page.locator("#none").inner_text(), "the offline search did not say so")
    # It reads the query as the server does: OR, NOT and "phrases" (search-query.js).
    def hits():
        # Read at once: the list is redrawn as each search answers.
        return page.eval_on_selector_all("#hits li", "items => items.map((item) => item.innerText)")
    page.locator("#q").fill("walk OR tea")
    wait_for(lambda: len(hits()) == 2, f"walk OR tea found {hits()} offline")
    page.locator("#q").fill("walk OR tea NOT green")
    wait_for(lambda: len(hits()) == 1 and "Morning walk" in hits()[0], f"NOT green left {hits()} offline")
    page.locator("#q").fill('"green tea"')
    wait_for(lambda: len(hits()) == 1 and "Evening tea" in hits()[0], f'"green tea" found {hits()} offline')
    page.locator("#q").fill('"home at"')
    wait_for(lambda: "searched the 2 entries kept" in page.locator("#none").inner_text() and not hits(),
             f'"home at" found {hits()} offline')
    check(not holding("Added on the train.") and not holding("On the train, no signal."),
          "something reached the files while the server was stopped")

    # The server again: the waiting texts are sent when the app is opened.
    time.sleep(2)
    restarted = datetime.datetime.now(datetime.timezone.utc)
    server = Server()
    a_path = path_of(A_ID)
    page.goto(URL + "/")
    wait_for(lambda: holding("Added on the train.") and holding("On the train, no signal."),
             "the waiting texts were not sent", seconds=30)
    wait_for(lambda: "1 to settle" in connection(page), f"B is not waiting to be settled: {connection(page)!r}")
    check(texts()[a_path].count("Added on the train.") == 1, "A's edit is not in A once")
    made = holding("On the train, no signal.")
    check(len(made) == 1, f"the new entry is in {len(made)} files, not one")
    # Dated when it was typed, not when the server received it.
    written = re.search(r"^date: (\S+)$", texts()[made[0]], re.M)
    check(written is not None, "the new entry has no date")
    dated = datetime.datetime.fromisoformat(written.group(1))
    check(typed - datetime.timedelta(seconds=2) <= dated < restarted - datetime.timedelta(seconds=1),
          f"the entry typed at {typed} offline is dated {dated}; the server came back at {restarted}")
    check(len(texts()) == len(before) + 1, f"{len(texts()) - len(before)} files were made, not one")
    check(os.stat(os.path.join(JOURNAL, a_path)).st_mtime_ns <= os.stat(os.path.join(JOURNAL, made[0])).st_mtime_ns,
          "the new entry reached the files before the edit typed first")
    b_text = texts()[path_of(B_ID)]
    check("Changed in vim." in b_text and "B from the phone." not in b_text, "B was overwritten unseen")

    # B: the merge view, both texts kept.
    page.locator("#connection a").click()
    wait_for(lambda: page.locator("#conflict").is_visible(), "the edit made meanwhile did not open the merge view")
    check("Changed in vim." in page.locator("#theirs").inner_text(), "the merge view does not show vim's change")
    check("B from the phone." in page.locator("#mine").inner_text(), "the merge view does not show the phone's text")
    page.locator("#keep-both").click()
    wait_for(lambda: "B from the phone." in texts()[path_of(B_ID)] and "Changed in vim." in texts()[path_of(B_ID)],
             "keeping both did not save both texts")
    page.goto(URL + "/")
    wait_for(lambda: connection(page) == "", f"the list still says {connection(page)!r}")
    check(len(texts()) == len(before) + 1, "settling made another file")
    context.close()
    server.stop()


def keeps_no_entries_when_told_not_to(browser):
    """app.offline = false (an encrypted journal's default): the browser keeps the app but no
    entry; offline, the list is the page that says so, and writing still waits."""
    server = Server(env={"ILGI_APP_OFFLINE": "false"})
    context = browser.new_context(locale="en-US", **PHONE)
    page = context.new_page()
    enter(page, URL, TOKEN)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.goto(URL + "/entry/" + A_ID)
    page.goto(URL + "/calendar")
    page.goto(URL + "/")
    time.sleep(1)
    check(kept_entries(page) == [], "entries were kept with app.offline off")
    check(not page.evaluate("caches.has('ilgi-entries-1')"), "a cache of entries exists with app.offline off")
    check(not page.evaluate("caches.has('ilgi-calendar-1')"), "the calendar was kept with app.offline off")
    server.stop()
    page.reload()
    check("keeps no entries in the browser" in page.locator("main").inner_text(),
          "offline, the page does not say that this journal keeps no entries")
    page.goto(URL + "/write")
    check(page.locator("#text").is_visible(), "the New page did not open offline")
    context.close()


def plain_http_says_offline_needs_https(playwright):
    """Opened over plain http by a name that is not this computer's, the page says that offline
    use needs HTTPS. The name is mapped to 127.0.0.1 in the browser: nothing leaves loopback."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1;diary.test",
        "--host-resolver-rules=MAP diary.test 127.0.0.1"])
    server = Server("--host", "0.0.0.0")
    try:
        page = browser.new_page(locale="en-US", **PHONE)
        enter(page, f"http://diary.test:{PORT}", TOKEN)
        check(page.locator("#needs-https").is_visible(), "plain http does not say that offline needs HTTPS")
        check("needs HTTPS" in page.locator("#needs-https").inner_text(), "the note does not name HTTPS")
        check(not page.evaluate("'serviceWorker' in navigator"), "plain http has a service worker")
    finally:
        server.stop()
        browser.close()


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        steps = []
        try:
            works_offline_and_sends_once(browser); steps.append("offline, sent once, settled")
            keeps_no_entries_when_told_not_to(browser); steps.append("no entries kept when off")
            plain_http_says_offline_needs_https(playwright); steps.append("plain http says HTTPS")
        except Failed as failure:
            print(f"FAILED after {steps}: {failure}")
            return 1
        finally:
            browser.close()
            for process in STARTED:
                if process.poll() is None:
                    process.kill()
        print(json.dumps({"passed": steps}))
        return 0


if __name__ == "__main__":
    sys.exit(main())
