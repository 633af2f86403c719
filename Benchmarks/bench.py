#!/usr/bin/env python3
"""ilgi's benchmark: ilgi against the cost floors (find, rg, cat) and jrnl, in one run.

Generates journals with the project's own ilgi-corpus (cached in .bench-cache/), runs every
command several times and prints one table of medians (seconds) and peak memory (MB), with
ratios against the peers measured in the same run. Writes the table to bench-results/.
"Cold" means without an index (or site) made before; the journal's files are read once,
untimed, before each size's measurements, so every tool finds them in the page cache.

Usage: Benchmarks/bench.py [--sizes 1000,10000,100000] [--runs 5] [--ilgi PATH]

A million entries (`--sizes 100000,1000000`, not in the default run) measures ilgi alone there:
jrnl's one file, Hugo's build (near 10 GB of memory at 100,000), the photo rows and the encrypted
copy are left out above 100,000, and the table gains each row's growth from 100,000.
"""
import argparse
import hashlib
import datetime
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import json
import re
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = ROOT / ".bench-cache"
RESULTS = ROOT / "bench-results"
GENERATOR = ROOT / ".build" / "release" / "ilgi-corpus"  # `make bench` builds it
NEEDLE = "zarvelinth"  # planted in one entry in 997 (see the manifest's "needles")
TAG = "work"
SEED = 1

JRNL_CONFIG = """journals:
  default:
    journal: {journal}
encrypt: false
colors: {{body: none, date: none, tags: none, title: none}}
default_hour: 9
default_minute: 0
editor: ""
highlight: false
indent_character: "|"
linewrap: 79
tagsymbols: "@"
template: false
timeformat: "%Y-%m-%d %H:%M"
version: v4.6
display_format: text
"""


def run_once(command, env=None, before=None, shell=False):
    """Wall time and peak RSS (MB) of one run of `command` (a list, or a function that makes
    one), after `before`."""
    if before:
        before()
    argv = command() if callable(command) else command
    wrapped = ["/usr/bin/time", "-f", "%M"] + (["sh", "-c", argv] if shell else argv)
    start = time.perf_counter()
    done = subprocess.run(wrapped, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench: {' '.join(map(str, argv if not shell else [argv]))} failed:\n{done.stderr}")
    return elapsed, int(done.stderr.strip().splitlines()[-1]) / 1024


def measure(command, runs, env=None, before=None, shell=False):
    """Median wall time and peak RSS (MB) of `command` (a list, or a function that makes one for
    each run) over `runs` runs."""
    results = [run_once(command, env, before, shell) for _ in range(runs)]
    return statistics.median(t for t, _ in results), max(m for _, m in results)


def measure_in_turn(first, second, runs):
    """`measure` of two commands run in turn, each given as (command, env, before): a ratio of
    the two then compares runs that met the same state of the machine (the file system's in
    particular, which moves a checkout's time by a factor of three over an hour here)."""
    results = ([], [])
    for _ in range(runs):
        for (command, env, before), into in zip((first, second), results):
            into.append(run_once(command, env, before))
    return tuple((statistics.median(t for t, _ in r), max(m for _, m in r)) for r in results)


def serve_measurements(ilgi, env, victim, original, runs, edit_one):
    """The diary app's server on this journal: the server's own time (its Server-Timing header)
    for the list page, a search and the calendar, warm and after a file changed, the round trip of an
    autosave (PUT of an entry's text, as the page sends it), and the server's peak memory."""
    token = "bench-t0ken"
    server, base = start_server(ilgi, env, token)
    try:
        reads = {"Authorization": "Bearer " + token}
        writes = {**reads, "X-Ilgi-Request": "1", "Origin": base, "Content-Type": "application/json"}

        def ask(path, method="GET", body=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(base + path, data=data, method=method,
                                             headers=writes if body is not None else reads)
            start = time.perf_counter()
            with urllib.request.urlopen(request) as reply:
                payload = reply.read()
                timing = reply.headers.get("Server-Timing", "dur=0").split("dur=")[-1]
            return time.perf_counter() - start, float(timing) / 1000, payload

        def server_time(path, count, before=None):
            times = []
            for _ in range(count):
                if before:
                    before()
                times.append(ask(path)[1])
            return statistics.median(times)

        ask("/")  # the first request opens the index
        rows = {}
        many = max(runs * 4, 20)
        rows["serve: list page, server time (warm)"] = server_time("/", many)
        rows["serve: list page, server time (a file edited)"] = server_time("/", runs, before=edit_one)
        victim.write_bytes(original)
        ask("/")
        rows[f"serve: search {NEEDLE}, server time"] = server_time(f"/search?q={NEEDLE}", many)
        # The calendar of the newest entry's month with a day chosen, and its year (target: 20 ms).
        newest = re.search(rb"^date: \"?(\d{4})-(\d{2})-(\d{2})", original, re.M)
        year, month, day = (part.decode() for part in newest.groups())
        rows["serve: calendar month, server time"] = server_time(
            f"/calendar/{year}-{month}?day={year}-{month}-{day}", many)
        rows["serve: calendar year, server time"] = server_time(f"/calendar/{year}", many)
        rows[f"serve: search as you type (api), server time"] = server_time(f"/api/search?q={NEEDLE[:4]}", many)
        entry_id = re.search(rb"^id: \"?([^\"\n]+)", original, re.M).group(1).decode()
        entry = json.loads(ask(f"/api/entries/{entry_id}")[2])
        version, trips = entry["version"], []
        for number in range(many):
            body = {"content": entry["content"] + f"\nautosave {number}\n", "base": version}
            wall, _, payload = ask(f"/api/entries/{entry_id}", "PUT", body)
            version = json.loads(payload)["version"]
            trips.append(wall)
        rows["serve: autosave round trip"] = statistics.median(trips)
        with open(f"/proc/{server.pid}/status") as status:
            peak = int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024
        return {name: (value, peak) for name, value in rows.items()}
    finally:
        server.terminate()
        server.wait()
        victim.write_bytes(original)


def start_server(ilgi, env, token):
    """`ilgi serve` on a free port of 127.0.0.1; the process and its address."""
    server = subprocess.Popen([ilgi, "serve", "--port", "0"], env={**env, "ILGI_TOKEN": token},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    while True:
        line = server.stderr.readline()
        if not line:
            sys.exit("bench: ilgi serve did not start")
        found = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if found:
            return server, f"http://127.0.0.1:{found.group(1)}"


def photo_variants(work, count, width=4000, height=3000):
    """`count` JPEGs of one photo made with libvips's `vips` (smooth noise, so it compresses as a
    photo does), each told apart by a comment segment: the same pixels, other bytes, other names."""
    made = work / f"photo-{width}.jpg"
    if not made.exists():
        for step in (["gaussnoise", str(work / "noise.v"), str(width), str(height), "--sigma", "60"],
                     ["gaussblur", str(work / "noise.v"), str(work / "blur.v"), "2"],
                     ["colourspace", str(work / "blur.v"), str(work / "rgb.v"), "srgb"],
                     ["copy", str(work / "rgb.v"), str(made) + "[Q=90]"]):
            subprocess.run(["vips"] + step, check=True)
    photo = made.read_bytes()
    for n in range(count):
        tag = f"bench photo {n}".encode()
        yield photo[:2] + b"\xff\xfe" + (len(tag) + 2).to_bytes(2, "big") + tag + photo[2:]


def photo_measurements(ilgi, ilgi_dir, work, runs):
    """Photos, in a copy of the journal: a 12-megapixel JPEG through `ilgi attach`, and through
    the app from upload to saved with its thumbnail (the upload, the entry it makes, the list's
    small copy); then the list page with a picture on every row, and a thumbnail asked again."""
    journal = work / "photos"
    shutil.copytree(ilgi_dir, journal, ignore=shutil.ignore_patterns("index.sqlite*"))
    env = dict(os.environ, ILGI_JOURNAL=str(journal), HOME=str(work), LANG="en_US.UTF-8", NO_COLOR="1")
    subprocess.run([ilgi, "index"], env=env, check=True, stdout=subprocess.DEVNULL)
    many = max(runs * 4, 20)
    photos = photo_variants(work, runs + many)
    files = []
    for number in range(runs):
        files.append(work / f"IMG_{number}.jpg")
        files[-1].write_bytes(next(photos))
    r = {"ilgi attach (a 12 MP JPEG)": measure(lambda: [ilgi, "attach", "last", str(files.pop())], runs, env)}
    token = "bench-t0ken"
    server, base = start_server(ilgi, env, token)
    try:
        reads = {"Authorization": "Bearer " + token}
        writes = {**reads, "X-Ilgi-Request": "1", "Origin": base}

        def ask(path, method="GET", body=None, kind="application/json"):
            request = urllib.request.Request(base + path, data=body, method=method,
                                             headers={**writes, "Content-Type": kind} if body is not None else reads)
            with urllib.request.urlopen(request) as reply:
                payload = reply.read()
                timing = reply.headers.get("Server-Timing", "dur=0").split("dur=")[-1]
            return float(timing) / 1000, payload

        ask("/")
        trips = []
        for number in range(many):
            photo = next(photos)
            start = time.perf_counter()
            sent = json.loads(ask(f"/api/uploads?name=IMG_{number}.jpg", "POST", photo, "application/octet-stream")[1])
            body = json.dumps({"content": f"Photo {number}\n\n{sent['link']}\n"}).encode()
            made = json.loads(ask("/api/entries", "POST", body)[1])
            small = f"/file/{made['id']}/{sent['name']}?size=160"
            ask(small)
            trips.append(time.perf_counter() - start)
        r["serve: 12 MP photo, upload to saved with its thumbnail"] = (statistics.median(trips), 0)
        list_times = [ask("/")[0] for _ in range(many)]
        r["serve: list page, 20 rows with thumbnails, server time"] = (statistics.median(list_times), 0)
        r["serve: a thumbnail asked again, server time"] = (statistics.median([ask(small)[0] for _ in range(many)]), 0)
        return r
    finally:
        server.terminate()
        server.wait()


def photo_site_measurements(ilgi, ilgi_dir, hugo_cached, work, runs, count=2000):
    """The site of the journal with `count` photos (2 MP JPEGs) linked from as many entries,
    against Hugo with the same entries and photos making the same two copies of each (160 and
    1,600 pixels) through its own image processing."""
    journal = work / "photo-site"
    shutil.copytree(ilgi_dir, journal, ignore=shutil.ignore_patterns("index.sqlite*"))
    hugo = work / "photo-hugo"
    shutil.copytree(hugo_cached, hugo)
    entries = sorted(journal.glob("*/*/*.md"))
    step = max(1, len(entries) // count)
    (hugo / "assets" / "photos").mkdir(parents=True)
    for entry, photo in zip(entries[::step][:count], photo_variants(work, count, 1600, 1200)):
        name = hashlib.md5(photo).hexdigest() + ".jpeg"
        (entry.parent / name).write_bytes(photo)
        with open(entry, "a") as out:
            out.write(f"\n![]({name})\n")
        (hugo / "assets" / "photos" / name).write_bytes(photo)
        twin = hugo / "content" / entry.relative_to(journal)
        text = twin.read_text()
        twin.write_text(text.replace("\n---\n", f"\nphoto: photos/{name}\n---\n", 1) if text.startswith("---") else text)
    (hugo / "layouts" / "_default" / "single.html").write_text(
        HUGO_LAYOUTS["_default/single.html"].replace(
            "{{ .Content }}", "{{ .Content }}{{ with .Params.photo }}{{ with resources.Get . }}"
            "<img src=\"{{ (.Fit \"1600x1600\").RelPermalink }}\">{{ end }}{{ end }}"))
    (hugo / "layouts" / "_default" / "list.html").write_text(
        HUGO_LAYOUTS["_default/list.html"].replace(
            "{{ .Title }}</a>", "{{ .Title }}</a>{{ with .Params.photo }}{{ with resources.Get . }}"
            "<img src=\"{{ (.Fill \"160x160\").RelPermalink }}\">{{ end }}{{ end }}"))
    env = dict(os.environ, ILGI_JOURNAL=str(journal), HOME=str(work), LANG="en_US.UTF-8", NO_COLOR="1")
    subprocess.run([ilgi, "index"], env=env, check=True, stdout=subprocess.DEVNULL)
    slow = max(1, min(runs, 2))
    sites = []

    def fresh_site():
        sites.append(work / f"photo-site-{len(sites)}")
        return str(sites[-1])

    def no_hugo_cache():
        shutil.rmtree(hugo / "resources", ignore_errors=True)
        shutil.rmtree(work / "hugo-cache", ignore_errors=True)

    return {
        f"ilgi export html, {count} photos (cold)": measure(
            lambda: [ilgi, "export", "html", "--out", fresh_site()], slow, env),
        f"hugo build, {count} photos (cold)": measure(
            lambda: ["hugo", "--quiet", "--source", str(hugo), "--cacheDir", str(work / "hugo-cache"),
                     "--destination", fresh_site()], slow, env, before=no_hugo_cache),
    }


def encryption_measurements(ilgi, ilgi_dir, work, runs, slow_runs):
    """The same journal encrypted (`ilgi encrypt`, a key of its own) beside the plain one: warm
    list and search, the conversion against `age` encrypting the same bytes as one stream, and
    opening a 10 MB entry against `age -d`."""
    r = {}
    sealed = work / "encrypted"
    home = work / "encrypted-home"
    (work / "runtime").mkdir()
    env = dict(os.environ, ILGI_JOURNAL=str(sealed), HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_RUNTIME_DIR=str(work / "runtime"), LANG="en_US.UTF-8", NO_COLOR="1")
    subprocess.run([ilgi, "key", "new"], env=env, check=True, stdout=subprocess.DEVNULL)
    identity = home / ".config" / "ilgi" / "identity.txt"
    recipient = subprocess.run([ilgi, "key", "show"], env=env, check=True, capture_output=True, text=True).stdout.strip()

    def fresh_copy():
        shutil.rmtree(sealed, ignore_errors=True)
        shutil.copytree(ilgi_dir, sealed, ignore=shutil.ignore_patterns("index.sqlite*"))
        os.sync()

    r["ilgi encrypt (the whole journal)"] = measure([ilgi, "encrypt"], slow_runs, env, before=fresh_copy)
    # A second key added (every entry sealed again, and the index once): removed before each run.
    made = subprocess.run(["age-keygen", "-o", str(work / "second-key.txt")], check=True, capture_output=True,
                          text=True)
    second = re.search(r"age1[0-9a-z]+", made.stderr).group(0)

    def without_second_key():
        subprocess.run([ilgi, "key", "remove", second], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    r["ilgi key add (every entry sealed again)"] = measure([ilgi, "key", "add", second], slow_runs, env,
                                                           before=without_second_key)
    stream = work / "every-entry.md"
    with open(stream, "wb") as out:
        for path in sorted(ilgi_dir.glob("*/*/*.md")):
            out.write(path.read_bytes())
    r["age -r (the same bytes, one stream)"] = measure(
        ["age", "-r", recipient, "-o", str(work / "every-entry.md.age"), str(stream)], runs)
    subprocess.run([ilgi, "list", "-n", "20"], env=env, check=True, stdout=subprocess.DEVNULL)
    r["ilgi list -n 20 (warm, encrypted)"] = measure([ilgi, "list", "-n", "20"], runs, env)
    r[f"ilgi search {NEEDLE} (encrypted)"] = measure([ilgi, "search", NEEDLE], runs, env)
    big = work / "big.md"
    with open(stream, "rb") as source:
        text = source.read()
    big.write_bytes((text * (10 * 1024 * 1024 // max(len(text), 1) + 1))[:10 * 1024 * 1024])
    subprocess.run(["age", "-r", recipient, "-o", str(work / "big.md.age"), str(big)], check=True)
    r["ilgi cat (a 10 MB encrypted file)"] = measure([ilgi, "cat", str(work / "big.md.age")], runs, env)
    r["age -d (the same file)"] = measure(["age", "-d", "-i", str(identity), str(work / "big.md.age")], runs)
    return r


def sync_measurements(ilgi, ilgi_dir, work, runs):
    """Another device's changes arriving: `ilgi sync` bringing one entry in ten, changed on a
    laptop, into a phone's clone, plain and sealed, against `git pull --rebase` of the same
    commits in a plain clone; and the first command in a fresh clone of the sealed journal
    against the plain one (it builds the index, reading every entry)."""
    r = {}
    home = work / "sync-home"
    runtime = work / "sync-runtime"
    runtime.mkdir()
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_RUNTIME_DIR=str(runtime),
               LANG="en_US.UTF-8", NO_COLOR="1", ILGI_WEATHER_ENABLED="false", GIT_AUTHOR_NAME="Bench",
               GIT_AUTHOR_EMAIL="bench@example.invalid", GIT_COMMITTER_NAME="Bench",
               GIT_COMMITTER_EMAIL="bench@example.invalid")
    subprocess.run([ilgi, "key", "new"], env=env, check=True, stdout=subprocess.DEVNULL)
    identity = home / ".config" / "ilgi" / "identity.txt"
    recipient = subprocess.run([ilgi, "key", "show"], env=env, check=True, capture_output=True, text=True).stdout.strip()

    def git(folder, *arguments):
        return subprocess.run(["git", "-C", str(folder), *arguments], env=env, check=True, capture_output=True,
                              text=True).stdout.strip()

    def fresh_clone_of(bare, phone):
        def fresh_clone():
            shutil.rmtree(phone, ignore_errors=True)
            for leftover in runtime.iterdir():
                shutil.rmtree(leftover, ignore_errors=True) if leftover.is_dir() else leftover.unlink()
            subprocess.run(["git", "clone", "--quiet", str(bare), str(phone)], env=env, check=True)
        return fresh_clone

    journals = {}
    for kind in ("plain", "sealed"):
        laptop, bare = work / f"{kind}-laptop", work / f"{kind}.git"
        on_laptop = dict(env, ILGI_JOURNAL=str(laptop))
        shutil.copytree(ilgi_dir, laptop, ignore=shutil.ignore_patterns("index.sqlite*"))
        subprocess.run(["git", "init", "--quiet", "--bare", "--initial-branch=main", str(bare)], env=env, check=True)
        subprocess.run(["git", "clone", "--quiet", str(bare), str(work / "empty")], env=env, check=True,
                       capture_output=True)
        shutil.move(str(work / "empty" / ".git"), str(laptop / ".git"))
        shutil.rmtree(work / "empty")
        git(laptop, "checkout", "--quiet", "-b", "main")
        subprocess.run([ilgi, "init", "--git", str(laptop)], env=on_laptop, check=True, stdout=subprocess.DEVNULL)
        if kind == "sealed":
            subprocess.run([ilgi, "encrypt"], env=on_laptop, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        subprocess.run([ilgi, "sync"], env=on_laptop, check=True, stdout=subprocess.DEVNULL)
        before = git(laptop, "rev-parse", "HEAD")

        # One entry in ten changed on the laptop, in one commit, pushed.
        pattern = "*/*/*.md.age" if kind == "sealed" else "*/*/*.md"
        files = sorted(laptop.glob(pattern))
        for path in files[::10]:
            if kind == "sealed":
                text = subprocess.run(["age", "-d", "-i", str(identity), str(path)], check=True,
                                      capture_output=True).stdout
                subprocess.run(["age", "-r", recipient, "-o", str(path)], input=text + b"\nA line from the laptop.\n",
                               check=True)
            else:
                path.write_bytes(path.read_bytes() + b"\nA line from the laptop.\n")
        git(laptop, "commit", "--quiet", "-am", "One entry in ten")
        git(laptop, "push", "--quiet", "origin", "main")
        peer = work / f"{kind}-git"
        subprocess.run(["git", "clone", "--quiet", str(bare), str(peer)], env=env, check=True)
        phone = work / f"{kind}-phone"
        journals[kind] = dict(bare=bare, phone=phone, peer=peer, before=before, changed=len(files[::10]),
                              env=dict(env, ILGI_JOURNAL=str(phone)))

    # The first command in a fresh clone, sealed and plain in turn: the index made from every
    # entry (each decrypted in the sealed one).
    first = [([ilgi, "list", "-n", "20"], journals[kind]["env"],
              fresh_clone_of(journals[kind]["bare"], journals[kind]["phone"])) for kind in ("plain", "sealed")]
    for kind, result in zip(("plain", "sealed"), measure_in_turn(*first, max(1, min(runs, 3)))):
        r[f"ilgi list -n 20, first in a fresh clone ({kind})"] = result

    for kind, journal in journals.items():
        def phone_before(journal=journal):
            git(journal["phone"], "reset", "--quiet", "--hard", journal["before"])
            subprocess.run([ilgi, "list", "-n", "1"], env=journal["env"], check=True, stdout=subprocess.DEVNULL)

        sync, pull = measure_in_turn(
            ([ilgi, "sync"], journal["env"], phone_before),
            (["git", "-C", str(journal["peer"]), "pull", "--quiet", "--rebase"], env,
             lambda journal=journal: git(journal["peer"], "reset", "--quiet", "--hard", journal["before"])), runs)
        r[f"ilgi sync, {journal['changed']:,} changed entries ({kind})"] = sync
        r[f"git pull --rebase, the same commits ({kind})"] = pull
    return r


# Above this size ilgi is measured alone (the module's docstring says why).
PEER_LIMIT = 100_000


def generator_fingerprint():
    """What a cached journal was made by: the generator's sources (its library and its command).
    One made by another generator (another span of years, other texts) is made again, or its
    figures would not be today's."""
    digest = hashlib.sha256()
    sources = [*(ROOT / "Sources" / "IlgiCorpus").glob("*.swift"), *(ROOT / "Sources" / "ilgi-corpus").glob("*.swift")]
    for path in sorted(sources):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def corpus(size):
    """The ilgi and jrnl forms of `size` generated entries (ilgi's alone above PEER_LIMIT), made
    once and cached."""
    folder = CACHE / f"ilgi-corpus-{size}"
    ilgi, jrnl = folder / "ilgi", folder / "jrnl.txt"
    done, fingerprint = folder / "done", generator_fingerprint()
    if not done.exists() or done.read_text() != fingerprint:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        forms = (("ilgi", ilgi), ("jrnl", jrnl)) if size <= PEER_LIMIT else (("ilgi", ilgi),)
        for form, out in forms:
            subprocess.run([str(GENERATOR), "--entries", str(size), "--seed", str(SEED),
                            "--format", form, "--out", str(out), "--manifest", str(folder / "manifest.json")],
                           check=True, stdout=subprocess.DEVNULL)
        done.write_text(fingerprint)
    return ilgi, jrnl


HUGO_CONFIG = """baseURL = "http://localhost/"
title = "bench"
disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
[taxonomies]
  tag = "tags"
"""
HUGO_LAYOUTS = {
    "_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>"
                            "<h1>{{ .Title }}</h1><p>{{ .Date.Format \"January 2, 2006\" }} {{ .Params.weather }}</p>"
                            "{{ .Content }}{{ with .PrevInSection }}<a href=\"{{ .RelPermalink }}\">prev</a>{{ end }}"
                            "{{ with .NextInSection }}<a href=\"{{ .RelPermalink }}\">next</a>{{ end }}</body></html>",
    "_default/list.html": "<!doctype html><html><body><h1>{{ .Title }}</h1><ul>{{ range .Pages }}"
                          "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a> {{ .Date.Format \"2006-01-02\" }} "
                          "{{ .Summary | plainify | truncate 80 }}</li>{{ end }}</ul></body></html>",
    "index.html": "<!doctype html><html><body><ul>{{ range (.Paginate .Site.RegularPages 100).Pages }}"
                  "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a> {{ .Date.Format \"2006-01-02\" }}</li>"
                  "{{ end }}</ul></body></html>",
}


def hugo_site(size, ilgi_dir):
    """A minimal Hugo site over the same entries (copied into content/), made once and cached."""
    site = CACHE / f"ilgi-corpus-{size}" / "hugo"
    if not (site / "done").exists():
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(ilgi_dir, site / "content", ignore=shutil.ignore_patterns(".*"))
        (site / "hugo.toml").write_text(HUGO_CONFIG)
        for name, text in HUGO_LAYOUTS.items():
            path = site / "layouts" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        (site / "done").touch()
    return site


def jrnl_binary():
    venv = CACHE / "venv"
    if not (venv / "bin" / "jrnl").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "jrnl"], check=True)
    return str(venv / "bin" / "jrnl")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ilgi", default=str(ROOT / ".build" / "release" / "ilgi"))
    parser.add_argument("--no-html", action="store_true", help="leave out the site export and Hugo rows")
    parser.add_argument("--no-photos", action="store_true", help="leave out the photo rows")
    parser.add_argument("--only-photos", action="store_true", help="measure the photo rows and nothing else")
    parser.add_argument("--only-sync", action="store_true", help="measure the sync rows and nothing else")
    args = parser.parse_args()
    html = not args.no_html
    photos = not args.no_photos
    general = not args.only_photos and not args.only_sync
    photos = photos and not args.only_sync
    # Another device's changes: at 10,000 entries and below (one in ten changed, re-sealed by age).
    syncs = not args.only_photos
    sizes = [int(s) for s in args.sizes.split(",")]
    jrnl = jrnl_binary()
    rows = {}
    for size in sizes:
        ilgi_dir, jrnl_file = corpus(size)
        work = pathlib.Path(tempfile.mkdtemp(prefix="ilgi-bench-"))
        env = dict(os.environ, ILGI_JOURNAL=str(ilgi_dir), HOME=str(work), LANG="en_US.UTF-8", NO_COLOR="1")
        config = work / "jrnl.yaml"
        config.write_text(JRNL_CONFIG.format(journal=jrnl_file))
        stamp = work / "stamp"
        stamp.touch()
        os.utime(stamp, (0, 0))
        runs = args.runs
        slow_runs = max(1, min(runs, 3 if size < 100000 else 2))
        # A rebuild takes seconds, and this machine's noise moves one run by a second or more
        # (the first after another program's heavy work, most often): its median takes five.
        rebuild_runs = max(5, runs)
        index = ilgi_dir / ".ilgi" / "index.sqlite"
        victim = sorted(ilgi_dir.glob("*/*/*.md"))[size // 2]
        original = victim.read_bytes()

        def drop_index():
            for suffix in ("", "-wal", "-shm"):
                pathlib.Path(str(index) + suffix).unlink(missing_ok=True)

        counter = [0]

        def edit_one():
            counter[0] += 1
            victim.write_bytes(original + f"\nedited {counter[0]}\n".encode())

        def edit_one_settled():
            # The export after one edit is timed on its own: the files the run before it wrote
            # (10,000 of them after a cold export) are flushed first, untimed, or the kernel's
            # writing them back would be measured as part of it.
            os.sync()
            edit_one()

        ilgi = args.ilgi
        r = {}
        peers = size <= PEER_LIMIT
        if general:
            # Every tool is measured with the files in the kernel's page cache: they are read once,
            # untimed, first. The runs before (Hugo's build peaks near 10 GB at 100,000 entries)
            # push them out, and the first measurement would otherwise time the disk, not ilgi.
            cat_every_file = f"find '{ilgi_dir}' -name '*.md' -print0 | xargs -0 cat > /dev/null"
            subprocess.run(cat_every_file, shell=True, check=True)
            # What the runs before wrote (a gigabyte of Hugo's site at 10,000 entries) is flushed
            # first, and one rebuild is run untimed: right after such work the first rebuilds here
            # took twice as long and more (12.8, 7.8, 6.5, then 5.6 s), in user time as in system time.
            os.sync()
            drop_index()
            subprocess.run([ilgi, "index", "--rebuild"], env=env, check=True, stdout=subprocess.DEVNULL)
            r["ilgi index --rebuild (cold)"] = measure([ilgi, "index", "--rebuild"], rebuild_runs, env, before=drop_index)
            r["ilgi list -n 20 (warm)"] = measure([ilgi, "list", "-n", "20"], runs, env)
            r["ilgi list -n 20 (one file edited)"] = measure([ilgi, "list", "-n", "20"], runs, env, before=edit_one)
            victim.write_bytes(original)
            r[f"ilgi search {NEEDLE}"] = measure([ilgi, "search", NEEDLE], runs, env)
            r[f"ilgi list --tag {TAG} -n 20"] = measure([ilgi, "list", "--tag", TAG, "-n", "20"], runs, env)
            r["find -newer (walk)"] = measure(["find", str(ilgi_dir), "-newer", str(stamp), "-name", "*.md"], runs, env)
            r[f"rg -l {NEEDLE}"] = measure(["rg", "-l", NEEDLE, str(ilgi_dir)], runs, env)
            r["cat every file"] = measure(cat_every_file, runs, env, shell=True)
            if peers:
                r["jrnl -n 20"] = measure([jrnl, "--config-file", str(config), "-n", "20"], slow_runs, env)
                r[f"jrnl -contains {NEEDLE}"] = measure([jrnl, "--config-file", str(config), "-contains", NEEDLE],
                                                       slow_runs, env)
                r[f"jrnl @{TAG} -n 20"] = measure([jrnl, "--config-file", str(config), f"@{TAG}", "-n", "20"],
                                                  slow_runs, env)
            if html:
                # Every cold build, ilgi's and Hugo's, goes to a folder of its own, and the folders are
                # removed only after the last run: on ext4 without a journal, files made right after
                # thousands were removed wait on the kernel's search for a free inode that was not
                # recently deleted, which would measure the file system rather than either tool.
                hugo = hugo_site(size, ilgi_dir) if peers else None
                sites = []

                def fresh_site():
                    sites.append(work / f"site-{len(sites)}")
                    return str(sites[-1])

                r["ilgi export html (cold)"] = measure(lambda: [ilgi, "export", "html", "--out", fresh_site()], slow_runs,
                                                       env)
                site_out = str(sites[-1])
                r["ilgi export html (one entry changed)"] = measure([ilgi, "export", "html", "--out", site_out],
                                                                    runs, env, before=edit_one_settled)
                victim.write_bytes(original)
                if peers:
                    r["hugo build (minimal site)"] = measure(
                        lambda: ["hugo", "--quiet", "--source", str(hugo), "--destination", fresh_site()], slow_runs,
                        env)
            r.update(serve_measurements(ilgi, env, victim, original, runs, edit_one))
        if photos and peers:
            r.update(photo_measurements(ilgi, ilgi_dir, work, runs))
            if html and size == 10000:
                r.update(photo_site_measurements(ilgi, ilgi_dir, hugo_site(size, ilgi_dir), work, runs))
        if general and peers:
            r.update(encryption_measurements(ilgi, ilgi_dir, work, runs, slow_runs))
        if syncs and size <= 10000:
            r.update(sync_measurements(ilgi, ilgi_dir, work, runs))
        rows[size] = r
        shutil.rmtree(work, ignore_errors=True)

    def ratio(size, a, b):
        """a / b at `size`, or nan where either was not measured (peers above PEER_LIMIT)."""
        if a not in rows[size] or b not in rows[size]:
            return float("nan")
        return rows[size][a][0] / rows[size][b][0]

    lines = [f"ilgi benchmark, {datetime.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores, "
             f"median of {args.runs} runs (the cold rebuild: of {max(5, args.runs)}; jrnl, the cold export and Hugo: "
             "of 3 at most, 2 at 100,000)", ""]
    header = "| measurement | " + " | ".join(f"{s:,} s | {s:,} MB" for s in sizes) + " |"
    lines += [header, "|---|" + "---:|---:|" * len(sizes)]
    names = list(dict.fromkeys(name for s in sizes for name in rows[s]))
    for name in names:
        cells = " | ".join(f"{rows[s][name][0]:.3f} | {rows[s][name][1]:.0f}" if name in rows[s] else "- | -"
                           for s in sizes)
        lines.append(f"| {name} | {cells} |")
    lines += ["", "| ratio (target) | " + " | ".join(f"{s:,}" for s in sizes) + " |", "|---|" + "---:|" * len(sizes)]
    checks = [] if not general else [
        ("warm list / find walk (<= 0.5)", "ilgi list -n 20 (warm)", "find -newer (walk)", False),
        ("jrnl -n 20 / warm list (>= 40)", "jrnl -n 20", "ilgi list -n 20 (warm)", False),
        (f"search / rg -l (<= 0.3)", f"ilgi search {NEEDLE}", f"rg -l {NEEDLE}", False),
        (f"jrnl -contains / search (>= 40)", f"jrnl -contains {NEEDLE}", f"ilgi search {NEEDLE}", False),
        ("cold rebuild / cat (<= 2)", "ilgi index --rebuild (cold)", "cat every file", False),
        ("list after an edit / warm list (<= 1.2)", "ilgi list -n 20 (one file edited)", "ilgi list -n 20 (warm)",
         False),
    ]
    checks += [] if not general else [
        ("serve list page (server) / ilgi list -n 20 (<= 0.5)", "serve: list page, server time (warm)",
         "ilgi list -n 20 (warm)", False),
        ("serve search (server) / rg -l (<= 0.5)", f"serve: search {NEEDLE}, server time", f"rg -l {NEEDLE}", False),
    ]
    checks += [] if not general else [
        ("encrypted warm list / plain (<= 1.5)", "ilgi list -n 20 (warm, encrypted)", "ilgi list -n 20 (warm)", False),
        (f"encrypted search / plain (<= 1.5)", f"ilgi search {NEEDLE} (encrypted)", f"ilgi search {NEEDLE}", False),
        ("ilgi encrypt / age one stream (<= 2)", "ilgi encrypt (the whole journal)",
         "age -r (the same bytes, one stream)", False),
        ("ilgi cat 10 MB / age -d (<= 1.5)", "ilgi cat (a 10 MB encrypted file)", "age -d (the same file)", False),
        ("ilgi key add / ilgi encrypt (<= 1.2)", "ilgi key add (every entry sealed again)",
         "ilgi encrypt (the whole journal)", False),
    ]
    if html and general:
        checks += [
            ("export html cold / hugo (<= 0.3)", "ilgi export html (cold)", "hugo build (minimal site)", False),
            ("export html cold / after one change (>= 20)", "ilgi export html (cold)",
             "ilgi export html (one entry changed)", False),
        ]
    for label, a, b, _ in checks:
        lines.append(f"| {label} | " + " | ".join(f"{ratio(s, a, b):.2f}" for s in sizes) + " |")
    if general:
        for label, a, b in [
            ("encrypted warm list / plain, peak memory (<= 2)", "ilgi list -n 20 (warm, encrypted)",
             "ilgi list -n 20 (warm)"),
            ("encrypted search / plain, peak memory (<= 2)", f"ilgi search {NEEDLE} (encrypted)",
             f"ilgi search {NEEDLE}"),
        ]:
            lines.append(f"| {label} | " + " | ".join(
                f"{rows[s][a][1] / rows[s][b][1]:.2f}" if a in rows[s] else "-" for s in sizes) + " |")
        peak = max(rows[s][n][1] for s in sizes for n in rows[s]
                   if n.startswith("ilgi list") or n.startswith("ilgi search"))
        lines.append(f"| peak MB of list and search (<= 60) | {peak:.0f} |" + " |" * (len(sizes) - 1))
    for label, name, limit in [] if not general else [
        ("serve list page, server ms (< 100 at 100,000)", "serve: list page, server time (warm)", 0.1),
        ("serve list page after a change, server ms (< 20 at 100,000)",
         "serve: list page, server time (a file edited)", 0.02),
        (f"serve search, server ms (< 100 at 100,000)", f"serve: search {NEEDLE}, server time", 0.1),
        ("serve autosave round trip ms (< 50 at 10,000)", "serve: autosave round trip", 0.05),
    ]:
        lines.append(f"| {label} | " + " | ".join(f"{rows[s][name][0] * 1000:.1f}" for s in sizes) + " |")
    if photos:
        for label, name, limit in [
            ("12 MP photo, upload to saved with thumbnail, ms (< 1000)",
             "serve: 12 MP photo, upload to saved with its thumbnail", 1),
            ("ilgi attach 12 MP photo, ms (< 1000)", "ilgi attach (a 12 MP JPEG)", 1),
            ("serve list page with thumbnails, server ms (< 100 at 100,000)",
             "serve: list page, 20 rows with thumbnails, server time", 0.1),
        ]:
            lines.append(f"| {label} | " + " | ".join(
                f"{rows[s][name][0] * 1000:.1f}" if name in rows[s] else "-" for s in sizes) + " |")
        if html and 10000 in sizes:
            a, b = "ilgi export html, 2000 photos (cold)", "hugo build, 2000 photos (cold)"
            lines.append(f"| export html with 2,000 photos / hugo (<= 1), at 10,000 | "
                         f"{rows[10000][a][0] / rows[10000][b][0]:.2f} |" + " |" * (len(sizes) - 1))
    if syncs:
        for kind in ("plain", "sealed"):
            lines.append(f"| ilgi sync / git pull --rebase, one entry in ten changed, {kind} (<= 2) | " + " | ".join(
                f"{rows[s][sync][0] / rows[s][pull][0]:.2f}"
                if (sync := next((n for n in rows[s] if n.startswith("ilgi sync,") and kind in n), None))
                and (pull := f"git pull --rebase, the same commits ({kind})") in rows[s] else "-" for s in sizes) + " |")
        lines.append("| first list in a fresh clone, sealed / plain (<= 1.5) | " + " | ".join(
            f"{ratio(s, 'ilgi list -n 20, first in a fresh clone (sealed)', 'ilgi list -n 20, first in a fresh clone (plain)'):.2f}"
            for s in sizes) + " |")
    if general:
        lines.append("| serve peak MB (< 100) | " + " | ".join(
            f"{rows[s]['serve: autosave round trip'][1]:.0f}" for s in sizes) + " |")
    if html and general:
        lines.append("| hugo peak MB / export html peak MB (>= 20) | " + " | ".join(
            f"{rows[s]['hugo build (minimal site)'][1] / rows[s]['ilgi export html (cold)'][1]:.1f}"
            if "hugo build (minimal site)" in rows[s] else "-" for s in sizes) + " |")
    if 100000 in sizes and 1000000 in sizes:
        # A million entries: each measurement at most ten times its time at 100,000 (linear).
        for name in ["ilgi index --rebuild (cold)", "ilgi list -n 20 (warm)", f"ilgi search {NEEDLE}",
                     "ilgi export html (cold)", "serve: list page, server time (warm)",
                     "serve: list page, server time (a file edited)", f"serve: search {NEEDLE}, server time"]:
            if name in rows[100000] and name in rows[1000000]:
                lines.append(f"| {name}: 1,000,000 / 100,000 (<= 10) | "
                             f"{rows[1000000][name][0] / rows[100000][name][0]:.1f} |" + " |" * (len(sizes) - 1))
        lines.append(f"| warm list -n 20 at 1,000,000, s (< 1) | "
                     f"{rows[1000000]['ilgi list -n 20 (warm)'][0]:.2f} |" + " |" * (len(sizes) - 1))
    table = "\n".join(lines) + "\n"
    print(table)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"bench-{datetime.datetime.now():%Y%m%d-%H%M%S}.md"
    out.write_text(table)
    print(f"written to {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
