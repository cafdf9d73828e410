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

test: $(STAMP)
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
	$(VENV)/bin/mypy --strict cantstop_tui
	$(VENV)/bin/lint-imports

screenshots: $(STAMP)
	$(PY) -m cantstop_tui.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
