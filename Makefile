# The two commands of the README. Each sets up what it needs on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test install install-dev clean

run: $(VENV)/.installed $(VENV)/.compiled
	$(BIN)/ludotheque

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/pytest

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

# Jacquet's move generation and evaluations are compiled by numba on first use (about 25 s on
# two cores); compiled here once into numba's cache, the first game starts at once.
$(VENV)/.compiled: $(VENV)/.installed $(wildcard src/ludotheque/games/jacquet/*.py)
	@echo "Compiling Jacquet's search once (about half a minute)..."
	$(BIN)/ludotheque simulate jacquet -n 1 --seed 0 --seat 1=mcts:easy \
		--seat 2=expectimax:easy > /dev/null
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .mypy_cache .import_linter_cache
