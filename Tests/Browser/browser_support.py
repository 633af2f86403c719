"""What the browser tests share: the system Chromium they drive, and checks that fail with one line."""

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
