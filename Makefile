# Penny: `make demo` and `make test` are all a newcomer needs on Debian with Swift.
SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_DEPS := libcsv-dev libxml2-dev
TEST_DEPS  := hledger ledger
DEMO       := demo
PENNY      := .build/debug/penny

.PHONY: demo test lint build deps test-deps bench fuzz clean

# Installs only the Debian packages that are missing (sudo only when not root).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_DEPS) pkg-config)

test-deps: deps
	$(call apt_install,$(TEST_DEPS))

build: deps
	$(SWIFT) build

demo: build
	@rm -rf $(DEMO) && mkdir -p $(DEMO)
	$(PENNY) import --ledger $(DEMO)/ledger.journal --rules rules samples
	@echo
	$(PENNY) report summary --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) report balances --ledger $(DEMO)/ledger.journal --rules rules
	@echo
	$(PENNY) roundup status --ledger $(DEMO)/ledger.journal --rules rules

test: test-deps lint
	$(SWIFT) build
	$(SWIFT) test

lint:
	$(SWIFT) format lint --strict -r Sources Tests

bench: deps
	scripts/benchmark.sh

# A mutational fuzz loop over the readers through the built binary: make fuzz SECONDS=1200
SECONDS_ ?= $(or $(SECONDS),60)
fuzz: build
	python3 scripts/fuzz_readers.py --seconds $(SECONDS_)

clean:
	rm -rf .build $(DEMO) bench-out fuzz-out
