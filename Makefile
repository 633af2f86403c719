# ilgi: everyday tasks. `make help` lists them.
PREFIX ?= /usr/local
ARGS ?= list
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift

.PHONY: help setup build release run test install uninstall format lint clean

help:
	@echo "make run      set up, build, and run ilgi (ARGS='new \"Hello\"' to pass arguments)"
	@echo "make test     set up and run the whole test suite"
	@echo "make install  install ilgi to $(PREFIX)/bin (PREFIX=~/.local for a user install)"
	@echo "make format   format the sources; make lint checks them"

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

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Plugins

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Plugins

clean:
	rm -rf .build
