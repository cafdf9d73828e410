PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The tools that install everything else, pinned: pip here, uv for `make lock`.
PIP_VERSION := 26.3
UV_VERSION := 0.13.9
# Exact versions with their hashes (pyproject.toml states the compatible ranges):
# requirements.lock to play, requirements-test.lock to test; `make lock` renews both.
LOCK := requirements.lock
TEST_LOCK := requirements-test.lock

.PHONY: run test bench lint lock screenshots clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet pip==$(PIP_VERSION)

$(STAMP): $(PY) pyproject.toml $(TEST_LOCK)
	$(PY) -m pip install --quiet --require-hashes -r $(TEST_LOCK)
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# Playing needs the runtime dependencies only (the test extras are about 200 MB more).
RUN_STAMP := $(VENV)/.installed-run
$(RUN_STAMP): $(PY) pyproject.toml $(LOCK)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(RUN_STAMP)

# After a change to the dependencies in pyproject.toml: the newest versions its ranges allow,
# for every platform, with the hashes of every file PyPI has for them.
COMPILE = $(VENV)/bin/uv pip compile pyproject.toml --universal --python-version 3.11 \
	--generate-hashes --no-header --quiet
lock: $(PY)
	$(PY) -m pip install --quiet uv==$(UV_VERSION)
	$(COMPILE) -o $(LOCK)
	$(COMPILE) --extra test --extra screenshots -o $(TEST_LOCK)

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

# Every test, on every core (pytest-xdist; TEST_JOBS=0 for one process). loadgroup keeps the
# tests marked xdist_group on one worker, so a session fixture they share is built once.
TEST_JOBS ?= auto
test: $(STAMP) browser
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadgroup --cov=cantstop_tui.engine --cov-branch \
	  --cov-report=term-missing:skip-covered --cov-fail-under=100 $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m benchmarks

# The win-chance model shipped in cantstop_tui/ai/data (under an hour on 2 cores; docs/ai.md).
.PHONY: train
train: $(STAMP)
	$(PY) -m cantstop_tui.arena.train --seed 1

.PHONY: bench-ssh
bench-ssh: $(STAMP)
	$(PY) -m benchmarks ssh review_ssh memory attacks capacity

lint: $(STAMP)
	$(VENV)/bin/ruff check cantstop_tui tests benchmarks
	$(VENV)/bin/mypy --strict cantstop_tui
	$(VENV)/bin/lint-imports

# PNGs as well as SVGs need the cairo library (Debian: apt-get install libcairo2).
screenshots: $(STAMP)
	$(PY) -m cantstop_tui.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
