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

run: $(STAMP)
	$(BIN)/ion play dots --players 4 --seat 0 --bots greedy

test: $(TSTAMP)
	bash scripts/install-ngircd.sh
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 -q

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/ion bench dots

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
