# Two commands a new user needs: `make run` (set up and play) and `make test` (set up and test).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# `make run` serves the browser lobby on the embedded SQLite database (OPEN=1 opens a browser);
# the terminal game is one command away: `.venv/bin/ion play dots`.
run: $(STAMP)
	$(BIN)/ion serve --host 127.0.0.1 --port $(or $(PORT),8000) $(if $(OPEN),--open,)

test: $(TSTAMP)
	bash scripts/install-ngircd.sh
	bash scripts/install-bus.sh
	bash scripts/install-tmux.sh
	bash scripts/install-irssi.sh
	bash scripts/install-browser.sh $(BIN)/python
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 4 --dist worksteal -q

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/ion bench dots

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
