PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench lint screenshots clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Playing needs the runtime dependencies only (the test extras are about 200 MB more).
RUN_STAMP := $(VENV)/.installed-run
$(RUN_STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e .
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(VENV)/bin/cantstop $(ARGS)

# The browser test (tests/server/test_web_browser.py) drives Debian's chromium with Playwright
# (no browser download): installed here when missing, as root (CI); skipped otherwise.
CHROMIUM := /usr/bin/chromium
.PHONY: browser
browser:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "No $(CHROMIUM) and not root: the browser test is skipped (apt-get install chromium)."; \
	  else \
	    echo "Installing Debian's chromium for the browser test..."; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    { apt-get update -qq && apt-get install -y -qq chromium; } \
	      >/tmp/cantstop-apt.log 2>&1 \
	      || { echo "apt-get install chromium failed: see /tmp/cantstop-apt.log"; exit 1; }; \
	  fi; \
	fi

test: $(STAMP) browser
	$(PY) -m pytest --cov=cantstop_tui.engine --cov-branch --cov-report=term-missing:skip-covered --cov-fail-under=100 $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m benchmarks

# The win-chance model shipped in cantstop_tui/ai/data (under an hour on 2 cores; docs/ai.md).
.PHONY: train
train: $(STAMP)
	$(PY) -m cantstop_tui.arena.train --seed 1

.PHONY: bench-ssh
bench-ssh: $(STAMP)
	$(PY) -m benchmarks ssh memory

lint: $(STAMP)
	$(VENV)/bin/ruff check cantstop_tui tests benchmarks
	$(VENV)/bin/mypy --strict cantstop_tui/engine
	$(VENV)/bin/lint-imports

screenshots: $(STAMP)
	$(PY) -m cantstop_tui.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
