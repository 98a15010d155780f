# The two commands a newcomer runs: `make run` and `make test`. Both build .venv themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Keep Python's bytecode and pytest's rewritten test modules between runs (some machines
# turn that off in the environment), which saves a third of a test run's CPU.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run web test check fast lint types bench demo play clean browser screens activity

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP) activity
	$(BIN)/python -m bot

# The Activity's page (activity/): its npm packages as package-lock.json pins them, then
# type-checked (tsc) and bundled (esbuild) into activity/dist/, which git ignores.
ACTIVITY_NPM := activity/node_modules/.installed
ACTIVITY_JS := activity/dist/activity.js
$(ACTIVITY_NPM): activity/package.json activity/package-lock.json
	cd activity && npm ci --no-audit --no-fund --loglevel=error
	touch $@
$(ACTIVITY_JS): $(ACTIVITY_NPM) activity/tsconfig.json $(wildcard activity/src/*.ts)
	cd activity && npm run -s check && npm run -s build -- --log-level=warning
activity:
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory $(ACTIVITY_JS); \
	else echo "npm not found: the Activity's page is not built (install Node.js 20 and npm to serve it)"; fi

web: $(STAMP) activity
	$(BIN)/python -m web

# The browser tests drive Debian's Chromium (Playwright's own download cannot work here).
# Installed with apt-get when missing and possible (root, apt); otherwise those tests skip.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	  || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	       && { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	            || echo "chromium could not be installed: the browser tests will be skipped"; } ; } \
	  || echo "no chromium and no way to install it: the browser tests will be skipped"

# The whole suite: what CI runs (under 10 minutes on 2 cores). Two pytest-xdist workers per
# core, as most tests wait on the emulator or a subprocess more than they compute (WORKERS=0
# runs it in one process), then the tests marked `alone` by themselves.
WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))
test: $(STAMP) browser activity lint types
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal -m "not alone"
	$(BIN)/python -m pytest -m alone

# The inner loop (under a minute): lint, types and the fast tests, without the slow, the
# emulator's, the browser's, the chaos and the PostgreSQL ones, the three side by side (the
# tests on one pytest-xdist worker per core). `make check ARGS=--lf` reruns what failed last.
FAST := not slow and not emulator and not browser and not chaos and not postgres
CHECK_WORKERS ?= $(shell nproc 2>/dev/null || echo 1)
check: $(STAMP)
	@$(MAKE) --no-print-directory --output-sync=target -j 3 lint types fast

fast: $(STAMP)
	$(BIN)/python -m pytest -n $(CHECK_WORKERS) -m "$(FAST)" $(ARGS)

types: $(STAMP)
	$(BIN)/mypy --strict games concours
	$(BIN)/mypy bot db art web workers

# The pictures in docs/screens/: the tests below write them there when TAPIS_SCREENS=1 (a
# plain test run keeps its screenshots in its temporary directory). Add a test file to
# SCREEN_TESTS to have it draw its pictures too.
SCREEN_TESTS := tests/web/test_browser.py tests/bot/test_screens.py tests/bot/activity/test_browser.py
screens: $(STAMP) browser activity
	TAPIS_SCREENS=1 $(BIN)/python -m pytest -rs $(SCREEN_TESTS)

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
	rm -rf $(VENV) *.egg-info activity/node_modules activity/dist
