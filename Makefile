# The two commands a newcomer runs: `make run` and `make test`. Both build .venv themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench demo play clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict games
	$(BIN)/mypy bot db art
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(STAMP)
	$(BIN)/python bench/engine.py

# Play one seat of a game in the terminal: make play GAME=bianco-mano (PLAYERS=4 AI=fort).
GAME ?= manille
play: $(STAMP)
	$(BIN)/python -m games play $(GAME) $(if $(PLAYERS),--players $(PLAYERS)) $(if $(AI),--ai $(AI))

demo: $(STAMP)
	$(BIN)/python -m tests.bot.demo

clean:
	rm -rf $(VENV) *.egg-info
