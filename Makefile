# ilgi: everyday tasks. `make help` lists them.
PREFIX ?= /usr/local
ARGS ?= list
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift

.PHONY: help deps setup build release run test test-faults fuzz install install-files uninstall format lint clean bench bench-build

help:
	@echo "make run      set up, build (debug; RUN=release for the optimised build) and run ilgi (ARGS='new \"Hello\"')"
	@echo "make setup    install what building and testing need (apt packages, jrnl, the CommonMark spec)"
	@echo "make test     set up and run the whole test suite"
	@echo "make test-faults  the fault suite at full size (1,200 kill -9 trials, 8 writers x 100), with a summary"
	@echo "make fuzz     a million fuzz inputs through the parsers (FUZZ_RUNS=...), with a summary"
	@echo "make install  install ilgi, its man page and bash/zsh/fish completions under $(PREFIX) (PREFIX=~/.local for a user install)"
	@echo "make format   format the sources; make lint checks them"
	@echo "make bench    ilgi against find, rg, cat and jrnl at 1k/10k/100k entries (SIZES=1000,10000)"
	@echo "make bench-build  how long the first \`make run\` builds, module by module (a clean build)"

# ilgi builds against the system libcmark, SQLite and zlib (Debian: libcmark-dev, libsqlite3-dev,
# zlib1g-dev; zlib for Day One's .zip exports), libqrencode (libqrencode-dev; the QR code `ilgi serve`
# prints for a phone), libmicrohttpd (libmicrohttpd-dev; the HTTP server of `ilgi serve`) and
# libcurl's headers (the weather; see `release`); libvips (libvips42) is
# loaded at run time by `ilgi attach` for the pictures it takes in (Sources/CImage).
deps:
	@if ! pkg-config --exists libcmark sqlite3 zlib libcurl libqrencode libmicrohttpd 2>/dev/null; then \
	  echo "Installing libcmark-dev, libsqlite3-dev, zlib1g-dev, libcurl4-openssl-dev, libqrencode-dev and libmicrohttpd-dev (needed to build ilgi)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmark-dev libsqlite3-dev zlib1g-dev libcurl4-openssl-dev libqrencode-dev libmicrohttpd-dev pkg-config >/dev/null; \
	fi
	@/sbin/ldconfig -p 2>/dev/null | grep -q 'libvips.so.42 ' || { \
	  echo "Installing libvips42 (pictures: checked, measured and shown; loaded only when a picture is)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libvips42 >/dev/null; }

# Everything the tests use, installed here and never in the middle of a test: vim (an encrypted
# draft leaves no line in its history, swap or undo files); age, the reference
# implementation encrypted journals are checked against; strace kills ilgi
# on exact syscalls in the fault suite; git for the git tests; chromium (headless), curl and the
# Noto CJK fonts for the browser and server tests, and zbar to read back the QR code `serve`
# prints; exiftool, which reads back what a stored picture still says of its place, and libvips's
# `vips`, which makes the pictures in every format it is tried on; and, under .build/test-tools/, jrnl 4.6 in a virtualenv (it reads ilgi's jrnl export
# back), Playwright for Python in another (it drives the system chromium through the diary app;
# no browser is downloaded) and the CommonMark spec the fault suite renders (from the
# `commonmark` sdist on PyPI).
TOOLS := .build/test-tools
setup: deps
	@python3 -m pip --version >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' 2>/dev/null && \
	  command -v strace >/dev/null && command -v git >/dev/null && command -v script >/dev/null && \
	  command -v vim >/dev/null || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 python3-pip python3-venv strace git bsdutils vim >/dev/null; }
	@command -v age >/dev/null && command -v age-keygen >/dev/null || { \
	  echo "Installing age (the reference the encryption tests read and write against)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq age >/dev/null; }
	@command -v chromium >/dev/null && command -v curl >/dev/null && command -v zbarimg >/dev/null && fc-list 2>/dev/null | grep -q "Noto Serif CJK" || { \
	  echo "Installing chromium, curl, zbar-tools and Noto CJK fonts (the browser and server tests)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium curl zbar-tools fonts-noto-cjk >/dev/null; }
	@command -v exiftool >/dev/null && command -v vips >/dev/null || { \
	  echo "Installing exiftool and libvips-tools (the tests of a picture's place)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libimage-exiftool-perl libvips-tools >/dev/null; }
	@[ -x $(TOOLS)/jrnl-venv/bin/jrnl ] || { echo "Installing jrnl 4.6 into $(TOOLS)/jrnl-venv..."; \
	  rm -rf $(TOOLS)/jrnl-venv && python3 -m venv $(TOOLS)/jrnl-venv && \
	  $(TOOLS)/jrnl-venv/bin/pip install --quiet jrnl==4.6; }
	@[ -x $(TOOLS)/browser-venv/bin/python ] && $(TOOLS)/browser-venv/bin/python -c 'import playwright' 2>/dev/null || { \
	  echo "Installing Playwright 1.65.2 into $(TOOLS)/browser-venv (it drives the system chromium)..."; \
	  rm -rf $(TOOLS)/browser-venv && python3 -m venv $(TOOLS)/browser-venv && \
	  $(TOOLS)/browser-venv/bin/pip install --quiet playwright==1.65.2; }
	@[ -f $(TOOLS)/commonmark-spec.txt ] || { echo "Fetching the CommonMark spec (commonmark 0.9.1 from PyPI)..."; \
	  tmp=$$(mktemp -d) && python3 -m pip download --quiet --no-deps --no-binary :all: commonmark==0.9.1 -d $$tmp && \
	  tar -xzf $$tmp/commonmark-0.9.1.tar.gz -C $$tmp commonmark-0.9.1/spec.txt && mkdir -p $(TOOLS) && \
	  cp $$tmp/commonmark-0.9.1/spec.txt $(TOOLS)/commonmark-spec.txt && rm -rf $$tmp; }

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation linked into the binary: a command starts without loading and
# binding their shared libraries. libcurl is not linked at all (Sources/CCurl loads it when the
# weather is first fetched), only its headers are needed (libcurl4-openssl-dev): with both,
# `ilgi --version` takes 13 ms here instead of 30 ms.
RELEASE_FLAGS := -c release --static-swift-stdlib
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product ilgi

# `make run` builds the debug configuration, which `make test` builds too: a first build takes
# 2 to 2.5 minutes on 2 cores where the optimised release build above takes over six, and it runs
# about half as fast (`make bench-build`; docs/PERFORMANCE.md). RUN=release runs the release
# build, which `make install` and `make bench` use.
RUN ?= debug
run: deps
	$(SWIFT) build $(if $(filter release,$(RUN)),$(RELEASE_FLAGS)) --product ilgi
	@.build/$(RUN)/ilgi $(ARGS)

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) package plugin generate-manual --configuration debug >/dev/null
	$(SWIFT) test --skip-build

# The fault suite at full size; the normal `make test` runs the same tests at CI size.
FAULT_TRIALS ?= 1200
test-faults: setup
	$(SWIFT) build --build-tests
	@rm -f .build/fault-summary.tsv
	ILGI_FAULT_TRIALS=$(FAULT_TRIALS) ILGI_FAULT_WRITERS=8 ILGI_FAULT_OPERATIONS=100 \
	  ILGI_FAULT_SUMMARY=$(CURDIR)/.build/fault-summary.tsv \
	  $(SWIFT) test --skip-build --filter IlgiFaultTests; status=$$?; \
	  echo; printf '%-52s %7s %7s %10s  %s\n' suite trials faults "bytes lost" detail; \
	  sort .build/fault-summary.tsv | awk -F'\t' '{printf "%-52s %7s %7s %10s  %s\n", $$1, $$2, $$3, $$4, $$5; t+=$$2; f+=$$3; l+=$$4} \
	    END {printf "%-52s %7s %7s %10s\n", "total", t, f, l}'; exit $$status

FUZZ_RUNS ?= 1000000
fuzz: setup
	RUNS=$(FUZZ_RUNS) SWIFT=$(SWIFT) Fuzz/run

# Installs the binary, its man page (made by swift-argument-parser's generate-manual plugin from the
# same command definitions) and completions for bash, zsh and fish (from the binary itself).
# `install-files` does the copying for a BIN already built and a man page already made (the
# tests call it with the debug build, which `make test` makes the man page of first).
CONFIGURATION ?= release
MANUAL := .build/plugins/GenerateManual/outputs/ilgi/ilgi.1
# The binary is installed stripped of its symbols (STRIP= keeps them). The release one carries
# the Swift runtime and Foundation in itself (RELEASE_FLAGS), so it needs no toolchain to run.
# The manual is made from the debug build's command definitions (the same ones): its plugin
# builds with its own flags, and in the release folder it would link the runtime back in.
install: deps
	$(SWIFT) package plugin generate-manual --configuration debug >/dev/null
	$(SWIFT) build -c $(CONFIGURATION) $(if $(filter release,$(CONFIGURATION)),--static-swift-stdlib) --product ilgi
	$(MAKE) install-files BIN=.build/$(CONFIGURATION)/ilgi

BIN ?= .build/release/ilgi
STRIP ?= $(filter release,$(CONFIGURATION))
install-files:
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 $(if $(STRIP),-s) $(BIN) "$(DESTDIR)$(PREFIX)/bin/ilgi"
	sed 's/^$$/.Pp/' $(MANUAL) > "$(DESTDIR)$(PREFIX)/share/man/man1/ilgi.1"
	$(BIN) --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ilgi"
	$(BIN) --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ilgi"
	$(BIN) --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ilgi.fish"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/ilgi" "$(DESTDIR)$(PREFIX)/share/man/man1/ilgi.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ilgi" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ilgi" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ilgi.fish"

SIZES ?= 1000,10000,100000
RUNS ?= 5
# BENCH_ARGS takes bench.py's options: `--only-photos`, `--no-photos`, `--no-html`.
# A million entries, ilgi alone there, with each row's growth from 100,000:
# `make bench SIZES=100000,1000000 RUNS=3`.
BENCH_ARGS ?=
# Speed is measured here, as ratios against peers run on the same machine at the same time.
bench: release
	$(SWIFT) build -c release --product ilgi-corpus
	@command -v rg >/dev/null && command -v age >/dev/null && [ -x /usr/bin/time ] && python3 -c 'import venv' 2>/dev/null || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq ripgrep age time python3-venv >/dev/null; }
	@command -v hugo >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq hugo >/dev/null; }
	@command -v vips >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libvips-tools >/dev/null; }
	python3 Benchmarks/bench.py --sizes $(SIZES) --runs $(RUNS) $(BENCH_ARGS)

# A clean build of what `make run` builds, timed module by module (target: under 6 minutes);
# RUN=release times the release build.
bench-build: deps
	python3 Benchmarks/first_build.py --configuration $(RUN)

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Plugins

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Plugins

clean:
	rm -rf .build
