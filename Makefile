# Meet the Members: `make run` plays the bundled sample club, `make test` runs every test.
# Both install the Debian packages they need first (see `deps`).

SWIFT ?= swift
PREFIX ?= /usr/local
# The build `make install` installs from: release, or debug for a quicker one (the tests').
CONFIGURATION ?= release
# SwiftPM's build folder (--scratch-path).
BUILD_DIR ?= .build
SWIFTPM_FLAGS = --scratch-path '$(BUILD_DIR)'
# `make run ROSTER="/path/My Club"`: the folder to play, passed as one argument whatever it
# holds (spaces, quotes, $); ARGS carries the other options, split at spaces.
ROSTER ?=
# One word for the shell, in single quotes.
quote = '$(subst ','\'',$(1))'

# Where `make install` puts each file under PREFIX, where each kind is looked for.
bindir = $(DESTDIR)$(PREFIX)/bin
datadir = $(DESTDIR)$(PREFIX)/share/meet-the-members
sampledir = $(datadir)/sample-club
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# What `make install` takes from the build: the binary, and the page that `make manual` writes.
# `make install-files BINARY=... MANUAL=...` installs others without building (the tests
# install the debug build they ran). BIN_PATH is the build's products folder; its default asks
# SwiftPM only when it is not given.
BIN_PATH ?= $(shell $(SWIFT) build $(SWIFTPM_FLAGS) -c $(CONFIGURATION) --show-bin-path)
BINARY ?= $(BIN_PATH)/meet-the-members
MANUAL ?= $(BUILD_DIR)/manual/$(CONFIGURATION)/meet-the-members.1
# System packages the build and the tests need: chafa's pkg-config file requires glib's;
# ncurses-term has the *-direct (truecolor) terminfo entries; tmux runs the end-to-end tests;
# GRDB links Debian's SQLite, Digests its OpenSSL (libcrypto).
DEBIAN_PACKAGES := pkg-config libpng-dev libturbojpeg0-dev libchafa-dev libglib2.0-dev \
  libsqlite3-dev libncurses-dev ncurses-term tmux libssl-dev
# Only the tests need these: real terminals (xterm, kitty) on an X server of their own, keys
# pressed and the screen read back as pixels.
TEST_PACKAGES := xvfb xterm kitty xdotool x11-apps fonts-dejavu-core
# What `make bench` measures with and against (Python also serves the roster zips).
BENCH_PACKAGES := hyperfine time chafa python3

.PHONY: all build run test lint format coverage deps clean install manual install-files \
  uninstall sample-club bench fuzz

all: build

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFTPM_FLAGS)

run: build
	$(SWIFT) run $(SWIFTPM_FLAGS) meet-the-members $(if $(value ROSTER),$(call quote,$(value ROSTER))) $(ARGS)

test: deps lint
	@scripts/install-debian-packages $(TEST_PACKAGES)
	SWIFT=$(SWIFT) scripts/test

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

coverage: deps
	$(SWIFT) test --disable-swift-testing --enable-code-coverage
	@scripts/coverage-report

# Installs the binary, the sample club, the manual page and the completions for bash, zsh and
# fish under PREFIX (DESTDIR before it for a staged install), from a build made here.
install: deps
	$(SWIFT) build $(SWIFTPM_FLAGS) -c $(CONFIGURATION) --product meet-the-members
	$(MAKE) manual
	$(MAKE) install-files

# The manual page of the binary built (BINARY), as meet-the-members.1 in MANUAL's folder:
# swift-argument-parser's generate-manual tool reads the binary's help. The tool is built in
# the binary's build, from the parser the binary was built with, so only its own files compile
# (the package's generate-manual plugin builds the parser again as a host tool and plans a build
# of every executable: on a fresh clone 45 to 53 s against 35 to 43 s).
manual:
	@test -x '$(BINARY)' || \
	  { echo "error: no binary at $(BINARY) (make install builds one)" >&2; exit 1; }
	$(SWIFT) build $(SWIFTPM_FLAGS) -c $(CONFIGURATION) --product generate-manual
	mkdir -p '$(dir $(MANUAL))'
	'$(BIN_PATH)/generate-manual' '$(BINARY)' --authors 'The Meet the Members authors' \
	  --output-directory '$(dir $(MANUAL))'

# The same files from a build already made: BINARY and MANUAL (the completions come from the
# binary itself).
install-files:
	@test -x '$(BINARY)' || { echo "error: no binary at $(BINARY)" >&2; exit 1; }
	@test -f '$(MANUAL)' || { echo "error: no manual page at $(MANUAL)" >&2; exit 1; }
	mkdir -p '$(BUILD_DIR)'
	for shell in bash zsh fish; do \
	  '$(BINARY)' --generate-completion-script $$shell > '$(BUILD_DIR)/completion.'$$shell \
	    || exit 1; \
	done
	install -d "$(bindir)" "$(sampledir)" "$(man1dir)" "$(bashdir)" "$(zshdir)" "$(fishdir)"
	install -m 755 '$(BINARY)' "$(bindir)/meet-the-members"
	install -m 644 Resources/sample-club/* "$(sampledir)/"
	install -m 644 '$(MANUAL)' "$(man1dir)/meet-the-members.1"
	install -m 644 '$(BUILD_DIR)/completion.bash' "$(bashdir)/meet-the-members"
	install -m 644 '$(BUILD_DIR)/completion.zsh' "$(zshdir)/_meet-the-members"
	install -m 644 '$(BUILD_DIR)/completion.fish' "$(fishdir)/meet-the-members.fish"

# Removes what `make install` put under PREFIX, and the folders it made for the sample club;
# folders that other programs share (bin, share/man/man1 ...) stay.
uninstall:
	rm -f "$(bindir)/meet-the-members" "$(man1dir)/meet-the-members.1" \
	  "$(bashdir)/meet-the-members" "$(zshdir)/_meet-the-members" \
	  "$(fishdir)/meet-the-members.fish"
	for photo in Resources/sample-club/*; do rm -f "$(sampledir)/$${photo##*/}"; done
	for folder in "$(sampledir)" "$(datadir)"; do \
	  if [ -d "$$folder" ]; then rmdir --ignore-fail-on-non-empty "$$folder"; fi; \
	done

# Draws the sample club's portraits again (they are committed, so the game needs no tools).
sample-club: deps
	$(SWIFT) run $(SWIFTPM_FLAGS) fixture-maker sample-club Resources/sample-club

bench: deps
	@scripts/install-debian-packages $(BENCH_PACKAGES)
	scripts/bench
	scripts/bench-roster
	scripts/bench-faces
	scripts/bench-graphics
	scripts/bench-history
	scripts/bench-learning
	scripts/bench-server

# The photo readers under libFuzzer and AddressSanitizer, each target for FUZZ_SECONDS (600
# unless told; CI gives each 30): see scripts/fuzz.
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz

clean:
	rm -rf '$(BUILD_DIR)' .build-fuzz
