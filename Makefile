# ilgi: everyday tasks. `make help` lists them.
PREFIX ?= /usr/local
ARGS ?= list
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift

.PHONY: help setup build release run test install uninstall format lint clean bench

help:
	@echo "make run      set up, build, and run ilgi (ARGS='new \"Hello\"' to pass arguments)"
	@echo "make test     set up and run the whole test suite"
	@echo "make install  install ilgi to $(PREFIX)/bin (PREFIX=~/.local for a user install)"
	@echo "make format   format the sources; make lint checks them"
	@echo "make bench    ilgi against find, rg, cat and jrnl at 1k/10k/100k entries (SIZES=1000,10000)"

# ilgi builds against the system libcmark and SQLite (Debian: libcmark-dev, libsqlite3-dev); python3 runs the
# corpus generator the tests use.
setup:
	@if ! pkg-config --exists libcmark sqlite3 2>/dev/null; then \
	  echo "Installing libcmark-dev and libsqlite3-dev (needed to build ilgi)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmark-dev libsqlite3-dev pkg-config >/dev/null; \
	fi
	@command -v python3 >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 >/dev/null; }

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product ilgi

run: release
	@.build/release/ilgi $(ARGS)

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 .build/release/ilgi "$(DESTDIR)$(PREFIX)/bin/ilgi"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/ilgi"

SIZES ?= 1000,10000,100000
RUNS ?= 5
# Speed is measured here, as ratios against peers run on the same machine at the same time.
bench: release
	@command -v rg >/dev/null && [ -x /usr/bin/time ] && python3 -c 'import venv' 2>/dev/null || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq ripgrep time python3-venv >/dev/null; }
	python3 Benchmarks/bench.py --sizes $(SIZES) --runs $(RUNS)

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Plugins

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Plugins

clean:
	rm -rf .build
