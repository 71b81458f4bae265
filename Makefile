# Meet the Members: `make run` plays the bundled sample club, `make test` runs every test.
# Both install the Debian packages they need first (see `deps`).

SWIFT ?= swift
PREFIX ?= /usr/local
# System packages the build and the tests need.
DEBIAN_PACKAGES := pkg-config

.PHONY: all build run test lint format coverage deps clean

all: build

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run meet-the-members $(ARGS)

test: deps lint
	$(SWIFT) test --disable-swift-testing

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

coverage: deps
	$(SWIFT) test --disable-swift-testing --enable-code-coverage
	@scripts/coverage-report

clean:
	rm -rf .build
