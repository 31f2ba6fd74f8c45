# Penny: `make demo` and `make test` are all a newcomer needs on Debian with Swift.
SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_DEPS := libcsv-dev libxml2-dev
TEST_DEPS  := hledger ledger man-db chromium libxml2-utils python3-venv
BEANCOUNT  := .build/beancount
DEMO       := demo
PENNY      := .build/debug/penny

.PHONY: demo test lint measures build deps test-deps conformance bench fuzz fuzz-loop faults install uninstall test-install clean

PREFIX     ?= /usr/local
DESTDIR    ?=
CONFIG     ?= release
BINDIR      = $(DESTDIR)$(PREFIX)/bin
MANDIR      = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR     = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR      = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR     = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
UNITDIR     = $(DESTDIR)$(PREFIX)/lib/systemd/user

# Installs only the Debian packages that are missing (sudo only when not root).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

# beancount from PyPI (bean-check, for the export's test): nothing when bean-check is on the
# PATH already, else into a virtual environment in $(BEANCOUNT), root or not (Debian's
# Python refuses pip outside one); the tests look there too.
define pip_beancount
	@command -v bean-check >/dev/null 2>&1 || [ -x $(BEANCOUNT)/bin/bean-check ] || { \
		echo "installing from PyPI: beancount (into $(BEANCOUNT))"; \
		python3 -m venv $(BEANCOUNT) && $(BEANCOUNT)/bin/pip install -q beancount; }
endef

deps:
	$(call apt_install,$(BUILD_DEPS) pkg-config)

test-deps: deps
	$(call apt_install,$(TEST_DEPS))
	$(call pip_beancount)

build: deps
	$(SWIFT) build

demo: build
	@rm -rf $(DEMO) && mkdir -p $(DEMO)
	$(PENNY) import --ledger $(DEMO)/ledger.journal --rules rules samples
	$(PENNY) import --ledger $(DEMO)/ledger.journal --rules rules samples/history
	$(PENNY) ledger sort --ledger $(DEMO)/ledger.journal
	@echo
	$(PENNY) report summary --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) report balances --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) roundup status --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) report recurring --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) report forecast --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) report html --ledger $(DEMO)/ledger.journal --rules rules --output $(DEMO)/report.html
	@echo "open $(CURDIR)/$(DEMO)/report.html in a browser: the month at a glance"
	$(PENNY) report site --ledger $(DEMO)/ledger.journal --rules rules --output $(DEMO)/site
	@echo "open $(CURDIR)/$(DEMO)/site/index.html: every month and category, linked"

# The build and the tests print what a person reads (scripts/test_summary.py): errors, each
# failure in full, a line per suite and the total; a failure or a build warning fails it.
test: test-deps lint
	python3 scripts/test_summary.py --no-warnings $(SWIFT) build --build-tests
	python3 scripts/test_summary.py $(SWIFT) test
	$(MAKE) --no-print-directory conformance
	$(MAKE) --no-print-directory test-install

# 90 public bank CSV exports imported with no profile (conformance/csv, docs/conformance.md):
# fails when any file is imported with amounts other than its facts.
conformance: build
	python3 scripts/csv_conformance.py --penny $(PENNY) --set conformance/csv

# The binary, a man page per command (swift-argument-parser's generate-manual, from the
# commands' own definitions, named and cross-referenced by scripts/man_pages.py),
# bash/zsh/fish completions, and the nightly systemd user units naming the installed binary
# ($(PREFIX)/bin/penny, so systemd-analyze verify passes). CONFIG=debug skips the release build.
install: deps
	$(SWIFT) build -c $(CONFIG)
	@rm -rf .build/man && mkdir -p .build/man
	$(SWIFT) package --allow-writing-to-directory .build/man generate-manual --multi-page --output-directory .build/man >/dev/null
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(UNITDIR)
	install -m 755 .build/$(CONFIG)/penny $(BINDIR)/penny
	python3 scripts/man_pages.py .build/man $(MANDIR)
	@for unit in penny-import.service penny-import.timer; do \
		sed 's|/usr/local/bin/penny|$(PREFIX)/bin/penny|' contrib/systemd/$$unit >$(UNITDIR)/$$unit && chmod 644 $(UNITDIR)/$$unit; done
	.build/$(CONFIG)/penny --generate-completion-script bash >$(BASHDIR)/penny
	.build/$(CONFIG)/penny --generate-completion-script zsh >$(ZSHDIR)/_penny
	.build/$(CONFIG)/penny --generate-completion-script fish >$(FISHDIR)/penny.fish

uninstall:
	rm -f $(BINDIR)/penny $(MANDIR)/penny.1 $(MANDIR)/penny-*.1 $(BASHDIR)/penny $(ZSHDIR)/_penny $(FISHDIR)/penny.fish
	rm -f $(UNITDIR)/penny-import.service $(UNITDIR)/penny-import.timer

# Installs into a scratch PREFIX, runs the installed binary, renders its man pages and
# verifies the installed systemd units.
test-install:
	$(call apt_install,systemd man-db)
	scripts/test_install.sh

lint: measures
	$(SWIFT) format lint --strict -r Sources Tests Fuzz Benchmarks

# Issue 29's measures (scripts/code_measures.py): no function in Sources over 80 lines, no
# type body over 400, no command's run() over 15; fails, naming each, when one grows over.
measures:
	python3 scripts/code_measures.py Sources

# Every performance goal in one run and one table (scripts/bench_goals.py: about 25 minutes
# on two cores, BENCH_QUICK=1 a few; BENCH_ROUNDS=N, ROWS=, LARGE_ROWS=). The 10M statement
# and ledger are made once and kept in .build/bench. The readers' benchmark runs first when
# scripts/bench_readers.sh is there, so the table is the last thing printed.
# scripts/benchmark.sh ROWS RULES... and scripts/benchmark_camt.sh MB remain for one-off runs.
bench: deps
	$(call apt_install,time libxml2-utils yajl-tools)
	$(SWIFT) build -c release
	@if [ -f scripts/bench_readers.sh ]; then bash scripts/bench_readers.sh; fi
	python3 scripts/bench_goals.py

# libFuzzer with AddressSanitizer over each reader (CSV, OFX, CAMT, JSON, QIF, MT940), the
# rules parser and the journal reader, SECONDS each (scripts/fuzz.sh; FUZZ_TARGETS="csv ofx"
# for some): make fuzz SECONDS=300. The older loop through the built binary: make fuzz-loop.
SECONDS_ ?= $(or $(SECONDS),60)
fuzz: deps
	scripts/fuzz.sh $(SECONDS_) $(FUZZ_TARGETS)

fuzz-loop: build
	python3 scripts/fuzz_readers.py --seconds $(SECONDS_)

# Kill -9 at random instants of import, batch filing, recategorize and roundup apply:
# make faults POINTS=300
POINTS ?= 300
faults: build
	python3 scripts/kill_harness.py --points $(POINTS)

clean:
	rm -rf .build .build-fuzz $(DEMO) bench-out fuzz-out
