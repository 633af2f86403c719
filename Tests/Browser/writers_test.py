"""Many writers, no word lost: the diary app's new entries, drafts and saves in a real browser.

Run by `AppBrowserTests` (Tests/IlgiCLITests) against an `ilgi serve` it started:

    python writers_test.py URL JOURNAL TOKEN ID

ID names an entry of the journal whose text has a blank line after its front matter and tags
inline. Each scenario checks the journal's files on disk; a failed check ends the run with
exit 1 and one line saying what was expected.
"""

import glob
import json
import os
import sys
import time

from browser_support import CHROMIUM, Failed, check, wait_for
from playwright.sync_api import sync_playwright

URL, JOURNAL, TOKEN, ID = sys.argv[1:5]


def texts():
    """Every entry file's text, by relative path (hidden folders left out)."""
    found = {}
    for path in glob.glob(os.path.join(JOURNAL, "**", "*.md"), recursive=True):
        relative = os.path.relpath(path, JOURNAL)
        if not any(part.startswith(".") for part in relative.split(os.sep)):
            with open(path, encoding="utf-8") as file:
                found[relative] = file.read()
    return found


def holding(words):
    return [path for path, text in texts().items() if words in text]


def leaves_at_once_and_makes_one_entry(context):
    """Typed, then another page tapped within a second, five times over: each text is one
    entry, and the next New page starts empty (what the server has is not brought back)."""
    page = context.new_page()
    for round, away in enumerate(["/search", "/onthisday", "/", "/write", "/search"]):
        words = f"Leaving fast, round {round}"
        page.goto(URL + "/write")
        page.locator("#text").click()
        page.keyboard.type(words + "\n\nA line or two.", delay=2)
        time.sleep(0.85)  # the pause's save is on its way
        page.goto(URL + away)
        wait_for(lambda: holding(words), f"round {round}: the text was not saved")
    time.sleep(1.5)
    page.goto(URL + "/write")
    time.sleep(1.5)
    for round in range(5):
        found = holding(f"Leaving fast, round {round}")
        check(len(found) == 1, f"round {round}: the text is in {len(found)} entries: {found}")
    check(page.locator("#text").input_value() == "", "a saved text came back in the next New page")
    page.close()


def two_tabs_offline_keep_both_texts(context):
    """Two new pages typed while the server cannot be reached, then closed: both texts are
    offered back on the next New page, each its own entry when opened."""
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(URL + "/write")
    context.set_offline(True)
    for page, words in ((first, "Tab one, offline"), (second, "Tab two, offline")):
        page.locator("#text").click()
        page.keyboard.type(words, delay=2)
        page.locator("#tags").click()
        wait_for(lambda: (page.locator("#status").get_attribute("data-state") or "") == "offline",
                 f"{words}: the page did not say it could not save")
    first.close()
    second.close()
    context.set_offline(False)
    page = context.new_page()
    page.goto(URL + "/write")
    offered = page.locator("#kept li")
    check(offered.count() == 2, f"{offered.count()} kept texts offered, not 2")
    check(page.locator("#text").input_value() == "", "a kept text was put in the page unasked")
    for words in ("Tab one, offline", "Tab two, offline"):
        page.goto(URL + "/write")
        page.locator("#kept li", has_text=words).locator("button").click()
        wait_for(lambda: holding(words), f"{words}: opening it did not save it")
    for words in ("Tab one, offline", "Tab two, offline"):
        check(len(holding(words)) == 1, f"{words} is in {len(holding(words))} entries")
    page.goto(URL + "/write")
    check(page.locator("#kept li").count() == 0, "saved texts are still offered")
    page.close()


def saves_by_itself_back_online(context):
    """Text typed offline is saved when the browser is back online, with no keystroke."""
    page = context.new_page()
    path = holding("Tab one, offline")[0]
    entry_id = next(line[4:] for line in texts()[path].splitlines() if line.startswith("id: "))
    page.goto(URL + "/write/" + entry_id)
    context.set_offline(True)
    page.locator("#text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(" Typed offline.", delay=2)
    wait_for(lambda: (page.locator("#status").get_attribute("data-state") or "") == "offline",
             "the page did not say it could not save")
    context.set_offline(False)
    wait_for(lambda: "Typed offline." in texts()[path], "back online, the text waited for a keystroke", seconds=6)
    page.close()


def a_save_changes_only_what_was_typed(context):
    """Typing at the end of an entry with inline tags and a blank line after its front matter
    changes only the end: the front matter and the blank line stay as they were."""
    path = next(path for path, text in texts().items() if ID in text)
    before = texts()[path]
    page = context.new_page()
    page.goto(URL + "/write/" + ID)
    page.locator("#text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(" And more.", delay=2)
    page.locator("#tags").click()
    wait_for(lambda: "And more." in texts()[path], "the typing was not saved")
    # The text ends with a line break, so the typing is on a line of its own.
    expected = before + " And more.\n"
    check(texts()[path] == expected, f"the save changed more than the typing: {texts()[path]!r}")
    page.close()


def a_gone_entry_offers_its_text(context):
    """An entry deleted elsewhere while its page is open: what was typed into it is kept as a
    new entry's text, which the New page offers after a reload; opened, it is one entry."""
    path = holding("Leaving fast, round 1")[0]
    entry_id = next(line[4:] for line in texts()[path].splitlines() if line.startswith("id: "))
    page = context.new_page()
    page.goto(URL + "/write/" + entry_id)
    os.remove(os.path.join(JOURNAL, path))  # deleted elsewhere (another device, the CLI)
    page.locator("#text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(" Typed after it was deleted.", delay=2)
    page.locator("#tags").click()
    wait_for(lambda: (page.locator("#status").get_attribute("data-state") or "") == "gone",
             "the page did not say the entry is gone")
    page.goto(URL + "/write/" + entry_id)
    check("no such entry" in page.content().lower(), "the deleted entry's page did not say it is gone")
    page.goto(URL + "/write")
    offered = page.locator("#kept li", has_text="Leaving fast, round 1")
    check(offered.count() == 1, f"the gone entry's text is offered {offered.count()} times, not once")
    offered.locator("button").click()
    wait_for(lambda: holding("Typed after it was deleted."), "opening the kept text did not save it")
    check(len(holding("Typed after it was deleted.")) == 1, "the kept text is in more than one entry")
    page.close()


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        context = browser.new_context(locale="en-US")
        steps = []
        try:
            page = context.new_page()
            page.goto(URL + "/?token=" + TOKEN)
            page.close()
            leaves_at_once_and_makes_one_entry(context); steps.append("leave at once, one entry")
            two_tabs_offline_keep_both_texts(context); steps.append("two tabs offline, both kept")
            saves_by_itself_back_online(context); steps.append("back online, saved by itself")
            a_save_changes_only_what_was_typed(context); steps.append("a save changes only the typing")
            a_gone_entry_offers_its_text(context); steps.append("a gone entry's text offered")
        except Failed as failure:
            print(f"FAILED after {steps}: {failure}")
            return 1
        finally:
            browser.close()
        print(json.dumps({"passed": steps}))
        return 0


if __name__ == "__main__":
    sys.exit(main())
