# Meet the Members: `make run` plays the bundled sample club, `make test` runs every test.
# Both install the Debian packages they need first (see `deps`).

SWIFT ?= swift
PREFIX ?= /usr/local
# System packages the build and the tests need: chafa's pkg-config file requires glib's;
# ncurses-term has the *-direct (truecolor) terminfo entries; tmux runs the end-to-end tests.
DEBIAN_PACKAGES := pkg-config libpng-dev libturbojpeg0-dev libchafa-dev libglib2.0-dev \
  libncurses-dev ncurses-term tmux
# What `make bench` measures with and against.
BENCH_PACKAGES := hyperfine time chafa

.PHONY: all build run test lint format coverage deps clean install sample-club bench

all: build

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run meet-the-members $(ARGS)

test: deps lint
	SWIFT=$(SWIFT) scripts/test

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

coverage: deps
	$(SWIFT) test --disable-swift-testing --enable-code-coverage
	@scripts/coverage-report

# Installs the binary and the sample club: PREFIX/bin, PREFIX/share/meet-the-members.
install: deps
	$(SWIFT) build -c release --product meet-the-members
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/meet-the-members/sample-club
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/meet-the-members" $(DESTDIR)$(PREFIX)/bin/
	install -m 644 Resources/sample-club/* $(DESTDIR)$(PREFIX)/share/meet-the-members/sample-club/

# Draws the sample club's portraits again (they are committed, so the game needs no tools).
sample-club: deps
	$(SWIFT) run fixture-maker sample-club Resources/sample-club

bench: deps
	@scripts/install-debian-packages $(BENCH_PACKAGES)
	scripts/bench

clean:
	rm -rf .build
