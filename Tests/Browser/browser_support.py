"""What the browser tests share: the system Chromium they drive, and checks that fail with one line."""

import glob
import http.server
import os
import socket
import threading
import time
import urllib.request

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


def enter(page, url, token, landing="body.page-list"):
    """Opens the address `ilgi serve` printed (`url` is the server's root), as a person does,
    and waits for the page it goes on to: the token kept, the worker started."""
    page.goto(url + "/?token=" + token)
    page.wait_for_selector(landing, timeout=20000)
    check("token=" not in page.url, f"the token stayed in the address: {page.url}")


class OtherPort:
    """A server of some other program on another port of 127.0.0.1, which keeps the headers of
    every request the browser sends it: what a cookie for 127.0.0.1 would reach."""

    def __init__(self):
        heard = self.heard = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                heard.append(str(self.headers))
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<!doctype html><title>another port</title><p>another port</p>")

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def free_port():
    """A port of 127.0.0.1 no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url):
    """Whether an `ilgi serve` at `url` (its root, no slash) answers: its stylesheet, which needs
    no token."""
    try:
        urllib.request.urlopen(url + "/app/app.css", timeout=1).read()
        return True
    except OSError:
        return False
