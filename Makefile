# Two commands do everything on a fresh machine with Python 3.11+ and make:
#   make run   install, upgrade the database, serve on http://0.0.0.0:8000
#   make test  install, run every test (fast suite first, then the browser tests)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install upgrade-db bench typecheck clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

upgrade-db: install
	$(BIN)/flask --app scorekeeper upgrade-db

run: upgrade-db
	$(BIN)/python -m scorekeeper.serve

test: install
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -m "not browser"
	$(BIN)/python -m pytest -m browser

typecheck: install
	$(BIN)/python -m mypy

bench: install
	$(BIN)/python -m scorekeeper.rules.bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache
