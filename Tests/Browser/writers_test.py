"""Many writers, no word lost: the diary app's new entries, drafts and saves in a real browser.

Run by `AppBrowserTests` (Tests/IlgiCLITests) against an `ilgi serve` it started:

    python writers_test.py URL JOURNAL TOKEN ID

ID names an entry of the journal whose text has a blank line after its front matter and tags
inline. Each scenario checks the journal's files on disk; a failed check ends the run with
exit 1 and one line saying what was expected.
"""

import json
import os
import sys
import time

from browser_support import CHROMIUM, Failed, check, enter, entry_texts, files_holding, wait_for
from playwright.sync_api import sync_playwright

URL, JOURNAL, TOKEN, ID = sys.argv[1:5]


def texts():
    return entry_texts(JOURNAL)


def holding(words):
    return files_holding(JOURNAL, words)


def offered(page, **options):
    """The kept texts the New page offers, once it has asked the server which it already has."""
    wait_for(lambda: page.locator("#write").get_attribute("data-kept-checked") == "true",
             "the New page did not finish checking the texts it kept")
    return page.locator("#kept li", **options)


def ends_in_one_entry(context, words, what, first_line=None):
    """A text a page kept on leaving: its leaving save may have reached the server, or not.
    The next New page offers it only when the server does not have it, shown by its first line
    (`first_line`, when `words` are not on it); opened, it is saved; either way it ends in
    exactly one entry, offered no more."""
    page = context.new_page()
    page.goto(URL + "/write")
    kept = offered(page, has_text=first_line or words)
    # Not offered means the server had it when the page asked; offered, it may have arrived
    # since, and opening it is then that entry again.
    if kept.count() == 0:
        check(holding(words), f"{what}: the text is neither offered nor saved")
    else:
        check(kept.count() == 1, f"{what}: the text is offered {kept.count()} times, not once")
        kept.locator("button").click()
        wait_for(lambda: holding(words), f"{what}: opening the kept text did not save it")
    page.goto(URL + "/write")
    check(offered(page, has_text=first_line or words).count() == 0, f"{what}: a saved text is still offered")
    check(len(holding(words)) == 1, f"{what}: the text is in {len(holding(words))} entries, not one")
    page.close()


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
    check(offered(page).count() == 0, "a saved text is offered as kept")
    page.close()


def type_unreachable(pages, cut_off):
    """Each page's words typed on its New page while `cut_off(page)` keeps its saves from the
    server, each page saying it could not save."""
    for page in pages:
        page.goto(URL + "/write")
        cut_off(page)
    for page, words in pages.items():
        page.locator("#text").click()
        page.keyboard.type(words, delay=2)
        page.locator("#tags").click()
        wait_for(lambda: (page.locator("#status").get_attribute("data-state") or "") == "offline",
                 f"{words}: the page did not say it could not save")


def two_tabs_offline_keep_both_texts(context):
    """Two new pages whose saves cannot reach the server (a phone's tabs left in the
    background on a lost connection): both texts are offered on another New page, each its own
    entry when opened there, and no longer offered once saved."""
    first, second = context.new_page(), context.new_page()
    type_unreachable({first: "Tab one, offline", second: "Tab two, offline"},
                     lambda page: page.route("**/api/entries", lambda route: route.abort()))
    page = context.new_page()
    page.goto(URL + "/write")
    kept = offered(page)
    check(kept.count() == 2, f"{kept.count()} kept texts offered, not 2")
    check(page.locator("#text").input_value() == "", "a kept text was put in the page unasked")
    for words in ("Tab one, offline", "Tab two, offline"):
        page.goto(URL + "/write")
        offered(page, has_text=words).locator("button").click()
        wait_for(lambda: holding(words), f"{words}: opening it did not save it")
    page.goto(URL + "/write")
    check(offered(page).count() == 0, "saved texts are still offered")
    page.close()
    # The cut-off pages closed at last: their leaving saves carry the same keys.
    first.close()
    second.close()
    time.sleep(1.0)
    for words in ("Tab one, offline", "Tab two, offline"):
        check(len(holding(words)) == 1, f"{words} is in {len(holding(words))} entries")


def a_tab_closed_offline_is_one_entry(context):
    """A new page typed offline, then closed: its leaving save may reach the server once the
    browser is back online, or not. Either way the text ends in exactly one entry, and the next
    New page offers it only when the server does not have it."""
    page = context.new_page()
    type_unreachable({page: "Tab three, closed offline"}, lambda _: context.set_offline(True))
    page.close()
    context.set_offline(False)
    time.sleep(1.0)
    ends_in_one_entry(context, "Tab three, closed offline", "a tab closed offline")


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
    new entry's text, saved as one when the page is left, or offered by the next New page."""
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
    page.close()
    ends_in_one_entry(context, "Typed after it was deleted.", "a gone entry's text", first_line="Leaving fast, round 1")


def a_refused_create_settles_on_its_entry(context):
    """A new page's create reaches the server but its answer is lost; the entry is changed
    elsewhere before the page sends the create again: the server refuses it, naming the entry,
    and the page becomes that entry's, shows both texts, and keeps both in one entry."""
    page = context.new_page()
    page.goto(URL + "/write")

    def made_but_unanswered(route):
        route.fetch()  # the server makes the entry
        route.abort()  # the page never hears of it
    page.route("**/api/entries", made_but_unanswered)
    page.locator("#text").click()
    page.keyboard.type("Answer lost\n\nTyped on the page.", delay=2)
    page.locator("#tags").click()
    wait_for(lambda: (page.locator("#status").get_attribute("data-state") or "") == "offline",
             "the page did not say it could not save")
    path = wait_for(lambda: holding("Typed on the page."), "the create did not reach the server")[0]
    with open(os.path.join(JOURNAL, path), "a", encoding="utf-8") as file:
        file.write("\nWritten in vim.\n")
    page.unroute("**/api/entries")
    # The page sends it again by itself (its wait doubles while the server cannot be reached).
    wait_for(lambda: page.locator("#conflict").is_visible(), "the refused create showed no conflict", seconds=30)
    entry_id = next(line[4:] for line in texts()[path].splitlines() if line.startswith("id: "))
    check(page.url.endswith("/write/" + entry_id), f"the page did not take up the entry: {page.url}")
    page.locator("#keep-both").click()
    page.locator("#text").click()
    page.locator("#tags").click()
    wait_for(lambda: "Written in vim." in texts()[path] and texts()[path].count("Typed on the page.") >= 1
             and (page.locator("#status").get_attribute("data-state") or "") == "saved",
             "keeping both did not save both texts")
    check(len(holding("Typed on the page.")) == 1, "the page's text is in more than one entry")
    check(len(holding("Written in vim.")) == 1, "the change made elsewhere is not in one entry")
    page.close()


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        context = browser.new_context(locale="en-US")
        steps = []
        try:
            page = context.new_page()
            enter(page, URL, TOKEN)
            page.close()
            leaves_at_once_and_makes_one_entry(context); steps.append("leave at once, one entry")
            two_tabs_offline_keep_both_texts(context); steps.append("two tabs offline, both kept")
            a_tab_closed_offline_is_one_entry(context); steps.append("a tab closed offline, one entry")
            saves_by_itself_back_online(context); steps.append("back online, saved by itself")
            a_save_changes_only_what_was_typed(context); steps.append("a save changes only the typing")
            a_gone_entry_offers_its_text(context); steps.append("a gone entry's text offered")
            a_refused_create_settles_on_its_entry(context); steps.append("a refused create settles on its entry")
        except Failed as failure:
            print(f"FAILED after {steps}: {failure}")
            return 1
        finally:
            browser.close()
        print(json.dumps({"passed": steps}))
        return 0


if __name__ == "__main__":
    sys.exit(main())
