"""An encrypted journal's app in a real browser: no entry's title and no search query may land in
the browser's history (its titles and addresses), with script and without.

Run by `AppBrowserTests` (Tests/IlgiCLITests) against an `ilgi serve` it started on an encrypted
journal:

    python private_test.py URL TOKEN ENTRY_ID SECRET_TITLE WORD JOURNAL HOME

WORD is a word of the entry SECRET_TITLE. A photo added on the writing page is kept sealed: no
file under JOURNAL or HOME holds its bytes or those of the thumbnail the list shows. A text
typed and saved leaves nothing of itself in the files of a browser profile kept on disk (the
journal keeps nothing in the browser: app.offline is off by default). A failed check ends the
run with exit 1 and one line.
"""

import json
import os
import re
import shutil
import sys
import tempfile
import time

from browser_support import CHROMIUM, Failed, check, enter, wait_for
from playwright.sync_api import sync_playwright

URL, TOKEN, ENTRY_ID, SECRET, WORD, JOURNAL, HOME = sys.argv[1:8]


def files_holding(needle):
    """The files under JOURNAL and HOME that hold `needle`."""
    found = []
    for top in (JOURNAL, HOME):
        for folder, _, names in os.walk(top):
            for name in names:
                path = os.path.join(folder, name)
                try:
                    with open(path, "rb") as file:
                        if needle in file.read():
                            found.append(path)
                except OSError:
                    pass
    return found


def keeps_a_photo_sealed(context):
    """A photo added to a new entry: shown in the entry and as the list's thumbnail, and neither
    its bytes nor the thumbnail's are anywhere on disk in the clear."""
    here = os.path.dirname(os.path.abspath(__file__))
    photo_path = os.path.join(here, "photo.jpg")
    with open(photo_path, "rb") as file:
        photo = file.read()
    scan = photo[photo.index(b"\xff\xda"):][64:192]
    page = context.new_page()
    enter(page, URL, TOKEN)
    page.goto(URL + "/write")
    page.locator("#text").click()
    page.keyboard.type("A sealed photo\n\n", delay=5)
    page.set_input_files("#files", photo_path)
    wait_for(lambda: "![](" in page.locator("#text").input_value(), "the photo was not linked")
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "saved", "the entry was not saved")
    entry_id = page.evaluate("location.pathname").split("/")[-1]
    name = re.search(r"!\[\]\(([0-9a-f]{32}\.jpeg)\)", page.locator("#text").input_value()).group(1)
    page.goto(URL + "/")
    thumb = page.locator(".row-picture").first
    wait_for(lambda: thumb.evaluate("i => i.complete && i.naturalWidth > 0"), "the list's thumbnail did not load")
    # The browser keeps the token for its pages alone (no cookie): a request of the test's own
    # carries it as a script does.
    small = page.request.get(URL + f"/file/{entry_id}/{name}?size=160", headers={"Authorization": "Bearer " + TOKEN}).body()
    check(small[:2] == b"\xff\xd8", "the thumbnail is not a JPEG")
    page.goto(URL + "/entry/" + entry_id)
    shown = page.locator("article img").first
    shown.scroll_into_view_if_needed()
    wait_for(lambda: shown.evaluate("i => i.complete && i.naturalWidth > 0"), "the photo did not load in the entry")
    for what, needle in (("the photo", scan), ("its thumbnail", small[-256:-2])):
        holding = files_holding(needle)
        check(not holding, f"{what} is on disk in the clear: {holding}")
    page.close()


def history(page):
    """Every entry of the tab's history: its address and its title, as the browser keeps them."""
    session = page.context.new_cdp_session(page)
    entries = session.send("Page.getNavigationHistory")["entries"]
    session.detach()
    return [(entry["url"], entry["title"]) for entry in entries]


def check_history(page, where):
    for url, title in history(page):
        for secret in (SECRET, WORD):
            check(secret not in url and secret not in title, f"{where}: the history holds {secret!r}: {url} {title!r}")


def searches_with_script(context):
    page = context.new_page()
    enter(page, URL, TOKEN)
    page.goto(URL + "/entry/" + ENTRY_ID)
    check(SECRET in page.locator("article").inner_text(), "the entry page does not show the entry")
    check(SECRET not in page.title(), f"the page's title is the entry's: {page.title()!r}")
    page.goto(URL + "/search")
    page.locator("#q").click()
    page.keyboard.type(WORD, delay=30)
    wait_for(lambda: page.locator("#hits li").count() >= 1, "typing found nothing")
    check(SECRET in page.locator("#hits").inner_text(), "the search did not list the entry")
    page.keyboard.press("Enter")
    time.sleep(0.5)
    check(page.url == URL + "/search", f"the query went into the address: {page.url}")
    check_history(page, "with script")
    page.close()


def searches_without_script(context):
    page = context.new_page()
    enter(page, URL, TOKEN)
    page.goto(URL + "/search")
    page.locator("#q").fill(WORD)
    with page.expect_navigation():
        page.locator("#q").press("Enter")
    check(SECRET in page.content(), f"the form's search did not list the entry: {page.url} {page.content()[:1500]}")
    check(page.url == URL + "/search", f"the form put the query in the address: {page.url}")
    check_history(page, "without script")
    page.close()


def profile_holding(profile, words):
    """The files of a browser profile that hold `words`, in any encoding Chromium writes text in
    (UTF-8 and Latin-1; UTF-16 in local and session storage)."""
    needles = [words.encode("utf-8"), words.encode("utf-16-le")]
    found = []
    for folder, _, names in os.walk(profile):
        for name in names:
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as file:
                    data = file.read()
            except OSError:
                continue
            if any(needle in data for needle in needles):
                found.append(os.path.relpath(path, profile))
    return found


def leaves_no_text_in_the_profile(playwright):
    """A text typed in a profile kept on disk while the server cannot be reached, left waiting
    long enough for the browser to write its storage out, then saved when the server answers,
    and the page left: once the browser has closed, no file of the profile holds any of it
    (leveldb keeps a value removed from local storage in its log until it compacts, so a text
    must never be written there). Meanwhile the page says the text is in it alone."""
    profile = tempfile.mkdtemp(prefix="ilgi-profile-")
    words = "Quiet lantern harbour seventeen"
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, locale="en-US",
            args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        page = context.new_page()
        enter(page, URL, TOKEN)
        page.goto(URL + "/write")
        page.route("**/api/entries**", lambda route: route.abort())
        page.locator("#text").click()
        page.keyboard.type(words + "\n\nBy the water, late.", delay=20)
        wait_for(lambda: page.locator("#status").get_attribute("data-state") == "offline", "the save did not fail")
        check("this page only" in page.locator("#status").inner_text(),
              f"the page does not say the text is in it alone: {page.locator('#status').inner_text()!r}")
        time.sleep(6)
        page.unroute("**/api/entries**")
        wait_for(lambda: page.locator("#status").get_attribute("data-state") == "saved", "the text was not saved",
                 seconds=20)
        page.goto(URL + "/")
        page.wait_for_selector("body.page-list")
        context.close()
        for part in (words, "By the water, late"):
            holding = profile_holding(profile, part)
            check(not holding, f"the profile keeps {part!r} after it was saved: {holding}")
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1"])
        errors = []
        scripted = browser.new_context(locale="en-US")
        scripted.on("weberror", lambda error: errors.append(str(error.error)))
        scripted.on("console", lambda message: errors.append(f"{message.text} ({message.location.get('url')})") if message.type == "error" else None)
        plain = browser.new_context(locale="en-US", java_script_enabled=False)
        steps = []
        try:
            searches_with_script(scripted); steps.append("search as you type, the query out of the address")
            searches_without_script(plain); steps.append("the form's search, a POST")
            keeps_a_photo_sealed(scripted); steps.append("a photo and its thumbnail kept sealed")
            leaves_no_text_in_the_profile(playwright); steps.append("no text left in a profile on disk")
            check(not errors, f"the pages reported errors (a Content-Security-Policy refusal?): {errors}")
        except Failed as failure:
            print(f"FAILED after {steps}: {failure}")
            return 1
        finally:
            browser.close()
        print(json.dumps({"passed": steps}))
        return 0


if __name__ == "__main__":
    sys.exit(main())
