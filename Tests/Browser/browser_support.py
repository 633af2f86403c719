"""What the browser tests share: the system Chromium they drive, and checks that fail with one line."""

import glob
import os
import time

CHROMIUM = os.environ.get("ILGI_CHROMIUM", "/usr/bin/chromium")


class Failed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failed(message)


def wait_for(condition, message, seconds=8.0):
    """Polls `condition` until it is true, failing with `message` after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise Failed(message)


def entry_texts(journal):
    """Every entry file's text in `journal`, by relative path (hidden folders left out)."""
    found = {}
    for path in glob.glob(os.path.join(journal, "**", "*.md"), recursive=True):
        relative = os.path.relpath(path, journal)
        if not any(part.startswith(".") for part in relative.split(os.sep)):
            with open(path, encoding="utf-8") as file:
                found[relative] = file.read()
    return found


def files_holding(journal, words):
    """The entry files of `journal` whose text holds `words`."""
    return [path for path, text in entry_texts(journal).items() if words in text]
