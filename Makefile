# ClickGuard: `make demo` runs the demo, `make test` runs every test.
# Each target installs missing system packages first (scripts/deps.sh).

SWIFT ?= swift
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24 -ac"
PREFIX ?= /usr/local
# ClickGuard's version, from its one source (Sources/ClickGuard/ClickGuardVersion.swift).
VERSION := $(shell scripts/version.sh)

# The installed build: release, the Swift runtime linked in (-static-stdlib),
# so the module, the command and the demo run on a machine without the Swift
# toolchain. A scratch directory of its own, so it never rebuilds the
# ordinary release build (make bench) or the debug one. lld for the module's
# packed relocations and start-up order (docs/module.md, "Install").
STATIC_BUILD := .build/install
STATIC_BIN := $(STATIC_BUILD)/release
# -z now and -z relro: the hardening Debian expects of every binary it
# ships (lintian's hardening-no-bindnow): every symbol bound at start-up,
# then the relocated tables made read-only.
STATIC_FLAGS := -c release --scratch-path $(STATIC_BUILD) --disable-local-rpath \
  -Xswiftc -static-stdlib -Xswiftc -use-ld=lld -Xlinker --gc-sections \
  -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro
# The module exports only its entry points (packaging/clickguard-module.map),
# packs its relative relocations (RELR) and lays out the code it runs while
# the app starts in one place (packaging/clickguard-module.order): fewer
# pages touched in every app that loads it.
MODULE_LINK_INPUTS := packaging/clickguard-module.map packaging/clickguard-module.order
MODULE_LINK_FLAGS := -Xlinker --version-script=packaging/clickguard-module.map \
  -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --symbol-ordering-file=packaging/clickguard-module.order -Xlinker --no-warn-symbol-ordering

.PHONY: deps build test lint demo showcase bench soak static install deb module-order clean fuzz fuzz-replay sanitize

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

## Every test (core, GTK under Xvfb with real X input, demo, module, the
## installed module and the .deb), then the linter.
test: deps static
	$(SWIFT) build --build-tests
	$(XVFB) $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory fuzz-replay
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	@echo "make test: all tests passed and swift format lint --strict is clean"

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

## The DocC documentation of ClickGuard and ClickGuardGtk in out/docs/<module>,
## built with the toolchain's docc from the compiler's symbol graphs (no
## plugin); fails on any DocC warning. scripts/docs.sh.
.PHONY: docs
docs: deps
	SWIFT="$(SWIFT)" scripts/docs.sh

## The tables of counts docs/module.md quotes (activations without and with
## the module in the fixture apps, real apps and under Wayland), gathered
## from one run of those suites into out/docs-tables.md (scripts/docs-tables.sh).
.PHONY: docs-tables
docs-tables: deps
	$(SWIFT) build --build-tests
	$(XVFB) env SWIFT="$(SWIFT)" scripts/docs-tables.sh

## The translation template po/clickguard.pot: every string the Swift files
## in po/POTFILES mark with localized("…"), localizedPlural("…", "…", count:)
## or translatable("…"), read by xgettext's C parser (literals only;
## docs/translations.md), then every translatable="yes" property of the
## GtkBuilder files there, read by xgettext's built-in GtkBuilder rules. A
## test fails when the template is stale (TranslationTests, which runs `make
## pot-only POT=FILE`: xgettext alone, without the package check). `make po`
## merges it into each po/LL.po.
XGETTEXT_COMMON_FLAGS := --from-code=UTF-8 --add-comments=TRANSLATORS: --add-location=file \
  --package-name=ClickGuard --package-version=$(VERSION)
XGETTEXT_FLAGS := --language=C $(XGETTEXT_COMMON_FLAGS) \
  --keyword= --keyword=localized --keyword=localizedPlural:1,2 --keyword=translatable
POTFILES_SWIFT = $(filter %.swift,$(shell cat po/POTFILES))
POTFILES_UI = $(filter %.ui,$(shell cat po/POTFILES))
# GtkBuilder's ITS rules, named (the copy gettext ships, unless a toolkit
# installed its own), so xgettext does not warn about falling back to them.
GTKBUILDER_ITS := $(firstword $(wildcard /usr/share/gettext/its/gtkbuilder.its /usr/share/gettext-*/its/gtkbuilder.its))
.PHONY: pot pot-only po
POT := po/clickguard.pot
pot:
	@scripts/deps.sh
	@$(MAKE) --no-print-directory pot-only
pot-only:
	xgettext $(XGETTEXT_FLAGS) -o $(POT) $(POTFILES_SWIFT)
	xgettext $(if $(GTKBUILDER_ITS),--its=$(GTKBUILDER_ITS),--language=Glade) $(XGETTEXT_COMMON_FLAGS) \
	  --join-existing -o $(POT) $(POTFILES_UI)

po: pot
	for lang in $$(grep -v '^#' po/LINGUAS); do msgmerge --quiet --update --backup=none "po/$$lang.po" $(POT); done

clean:
	rm -rf .build
## The desktop demo: builds and runs it. With no display (DISPLAY unset or
## unopenable) it says so and runs the scripted showcase under Xvfb instead:
## bursts of real clicks under each lag shape, a table, screenshots in out/showcase.
## Options go through DEMO_ARGS, e.g. make demo DEMO_ARGS="--handler-lag-ms 800".
demo: deps
	$(SWIFT) build --product clickguard-demo
	$(SWIFT) build --product clickguard-showcase
	@SWIFT="$(SWIFT)" XVFB='$(XVFB)' scripts/demo.sh $(DEMO_ARGS)

## The end-to-end scenarios (docs/scenarios.md) for people to see: each one runs the real
## demo under Xvfb with real mouse and keyboard input (xdotool), ClickGuard on
## and off, and prints the table of navigations, spill-over and drops (also in
## out/showcase/scenarios.md, with every run's JSON log and its timeline drawn
## as a PNG: e2e-N-on-timeline.png, e2e-N-off-timeline.png). About 80 s.
## SHOWCASE_ARGS="--only 3" runs one scenario; SHOWCASE_MODE= (empty) prints
## the lag-shape table of `make demo`'s headless showcase instead.
SHOWCASE_MODE ?= --scenarios
showcase: deps
	$(SWIFT) build --product clickguard-demo
	$(SWIFT) build --product clickguard-showcase
	$(XVFB) "$$($(SWIFT) build --show-bin-path)/clickguard-showcase" $(SHOWCASE_MODE) \
	  --demo "$$($(SWIFT) build --show-bin-path)/clickguard-demo" --out out/showcase $(SHOWCASE_ARGS)

## The installed build (see STATIC_FLAGS): the module, the command, the
## demo and the settings window in $(STATIC_BIN), and clickguard-manual, which renders their manual
## pages and completions at install time. swift build takes one --product
## at a time.
static: deps
	@# SwiftPM does not see the linker's input files: relink when they changed.
	@for input in $(MODULE_LINK_INPUTS); do \
	  [ $(STATIC_BIN)/libclickguard-gtk-module.so -nt $$input ] || rm -f $(STATIC_BIN)/libclickguard-gtk-module.so; \
	done
	$(SWIFT) build $(STATIC_FLAGS) $(MODULE_LINK_FLAGS) --product clickguard-gtk-module
	$(SWIFT) build $(STATIC_FLAGS) --product clickguard
	$(SWIFT) build $(STATIC_FLAGS) --product clickguard-demo
	$(SWIFT) build $(STATIC_FLAGS) --product clickguard-settings
	$(SWIFT) build $(STATIC_FLAGS) --product clickguard-manual

## Rewrites packaging/clickguard-module.order from a run of the module under
## callgrind (scripts/module-order.sh), then relinks the module with it.
module-order: static
	@scripts/deps.sh valgrind
	$(XVFB) scripts/module-order.sh $(STATIC_BIN)/libclickguard-gtk-module.so
	$(MAKE) static

## Installs under $(PREFIX) (staged in $(DESTDIR)): bin/clickguard,
## bin/clickguard-demo, the module as libclickguard.so in GTK's module
## directory (PREFIX=/usr) or $(PREFIX)/lib/gtk-3.0/modules (then
## GTK_PATH=$(PREFIX)/lib/gtk-3.0), the demo's resources, desktop file and
## AppStream metadata, the manual pages, bash completions, the docs and the
## copyright, and GNOME's switch (the io.github.clickguard schema, compiled,
## and, for PREFIX=/usr, clickguard.desktop in gsd-xsettings' fixed
## /usr/lib/gnome-settings-daemon-3.0/gtk-modules; GSDMODULEDIR=... or
## GSDMODULEDIR=none overrides). MODULEDIR=... puts the module elsewhere.
## scripts/install.sh.
## Without swift on PATH (sudo make install, after make static as yourself)
## it installs what make static built.
install:
	@if command -v $(SWIFT) >/dev/null; then $(MAKE) static; fi
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" MODULEDIR="$(MODULEDIR)" GSDMODULEDIR="$(GSDMODULEDIR)" \
	  scripts/install.sh $(STATIC_BIN)

## The Debian package out/clickguard_$(VERSION)_<arch>.deb (scripts/deb.sh);
## apt install ./out/clickguard_*.deb installs it. Then lintian, when it is
## installed (scripts/deps.sh installs it): no error and no warning allowed.
deb: static
	scripts/deb.sh $(STATIC_BIN) out
	@deb=out/clickguard_$(VERSION)_$$(dpkg --print-architecture).deb; \
	if command -v lintian >/dev/null; then \
	  lintian --fail-on error,warning "$$deb" && echo "deb: lintian reports no errors or warnings on $$deb"; \
	else echo "deb: lintian is not installed, not checked (scripts/deps.sh installs it)"; fi

## Benchmarks (BENCHMARKS.md): release build, every budget row measured three
## times, the runs interleaved, under Xvfb: one table with each run's figure,
## their median and PASS/MISS, and the information rows. Builds the demo too
## (its start-up is a row; swift build takes one --product at a time), the
## GTK 4 bench program (rows 10 and 11 run it) and the
## installed build (its module is loaded into a C window).
## BENCH_ARGS="--quick" for smaller counts; "--rows 3,5" for some rows only;
## "--runs 1" for one run.
bench: deps static
	$(SWIFT) build -c release --product clickguard-bench
	$(SWIFT) build -c release --product clickguard-bench-gtk4
	$(SWIFT) build -c release --product clickguard-demo
	$(XVFB) env CLICKGUARD_BENCH_MODULE="$(CURDIR)/$(STATIC_BIN)/libclickguard-gtk-module.so" \
	  "$$($(SWIFT) build -c release --show-bin-path)/clickguard-bench" $(BENCH_ARGS)

## Soak: the churn benchmark (SOAK_COUNT guarded buttons created and
## destroyed, async actions outliving their buttons) under valgrind memcheck.
## Fails on any definite or indirect leak or invalid access not covered by
## scripts/valgrind.supp (system libraries' own, documented there), and when
## any ClickGuard gate or widget state is left behind.
SOAK_COUNT ?= 2000
soak: deps
	@scripts/deps.sh valgrind
	$(SWIFT) build -c release --product clickguard-bench
	$(XVFB) env NO_AT_BRIDGE=1 G_SLICE=always-malloc G_DEBUG=gc-friendly \
	  valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
	  --errors-for-leak-kinds=definite,indirect --error-exitcode=1 --num-callers=40 \
	  --suppressions=scripts/valgrind.supp \
	  "$$($(SWIFT) build -c release --show-bin-path)/clickguard-bench" soak $(SOAK_COUNT)
	@echo "make soak: no leaks, no invalid accesses, no ClickGuard state left ($(SOAK_COUNT) buttons)"

## Fuzzing: one libFuzzer target per parser in
## clickguard-fuzz (Sources/ClickGuardFuzz), built with
## -sanitize=fuzzer,address in a scratch directory of its own, each run for
## FUZZ_S seconds from its seed corpus (Tests/Fuzz/Corpus/TARGET). What
## libFuzzer finds goes to out/fuzz/TARGET (corpus/, and crashes/ for a
## broken invariant, which stops the run).
FUZZ_S ?= 60
FUZZ_TARGETS := rules settings-ini log elf options
FUZZ_BUILD := .build/fuzz
FUZZ_FLAGS := -c release --scratch-path $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCLICKGUARD_LIBFUZZER -Xswiftc -use-ld=lld
fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS) --product clickguard-fuzz
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p out/fuzz/$$target/corpus out/fuzz/$$target/crashes; \
	  echo "fuzz: $$target for $(FUZZ_S) s"; \
	  ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(FUZZ_BUILD)/release/clickguard-fuzz $$target -max_total_time=$(FUZZ_S) \
	    -print_final_stats=1 -artifact_prefix=out/fuzz/$$target/crashes/ \
	    out/fuzz/$$target/corpus Tests/Fuzz/Corpus/$$target || exit 1; \
	done
	@echo "make fuzz: $(FUZZ_TARGETS): $(FUZZ_S) s each, no invariant broken"

## Every fuzz target once over its corpus (seeds and the crashes found
## before), in the ordinary debug build: part of make test, seconds.
fuzz-replay:
	$(SWIFT) build --product clickguard-fuzz
	@for target in $(FUZZ_TARGETS); do \
	  "$$($(SWIFT) build --show-bin-path)/clickguard-fuzz" $$target Tests/Fuzz/Corpus/$$target || exit 1; \
	done

## The core and GTK-layer suites and every module suite but the labelled
## corpus (real Debian apps and Wayland among them) under AddressSanitizer (with LeakSanitizer; the
## apps the module loads into get the ASan runtime preloaded), then under
## UBSan (clang's, on the C of the modules' helpers), each a build in a
## scratch directory of its own
## (scripts/sanitize.sh; suppressions, each explained, in
## scripts/sanitizers/). SANITIZE_SUITES='…' picks others.
sanitize: deps
	SWIFT="$(SWIFT)" SANITIZE_SUITES="$(SANITIZE_SUITES)" scripts/sanitize.sh
