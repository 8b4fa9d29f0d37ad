# Two commands do everything on a fresh machine with Python 3.11+ and make:
#   make run   install, upgrade the database, serve on http://0.0.0.0:8000
#   make test  install, lint, type-check, run every test (fast suite first, then the browser tests)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint install translations messages upgrade-db bench bench-web bench-scale bench-live bench-hosted bench-photo typecheck clean mutate screenshots fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# catalogs live in git as .po; the .mo files are built here, never committed
translations: install
	@if ls scorekeeper/translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
	  $(BIN)/pybabel compile -d scorekeeper/translations >/dev/null; fi

# refresh the template and every catalog after changing texts
messages: install
	$(BIN)/pybabel extract -F babel.cfg -k _ -k _l -k N_ -k N_plural:1,2 -k ngettext:1,2 --no-location --sort-output -o scorekeeper/translations/messages.pot .
	for lang in it cs pt de; do \
	  test -f scorekeeper/translations/$$lang/LC_MESSAGES/messages.po \
	    && $(BIN)/pybabel update --no-fuzzy-matching -i scorekeeper/translations/messages.pot -d scorekeeper/translations -l $$lang \
	    || $(BIN)/pybabel init -i scorekeeper/translations/messages.pot -d scorekeeper/translations -l $$lang; \
	done

upgrade-db: translations
	$(BIN)/flask --app scorekeeper upgrade-db

run: upgrade-db
	$(BIN)/python -m scorekeeper.serve

# the date-sensitive tests again with the clock 400 days ahead: a test that passes only near today fails now
test: translations lint
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -m "not browser"
	TEST_CLOCK_AHEAD_DAYS=400 $(BIN)/python -m pytest -q -m "dates and not browser" tests
	$(BIN)/python -m pytest -m browser

# ruff: lint rules and formatting as configured in pyproject.toml (120 columns)
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/python -m mypy

# mutation testing ([tool.mutmut] in pyproject.toml): slow, so not part of `make test`; results in mutants/.
# Whole, it takes hours here; name a part: MUTATE_PATHS=files (and MUTATE_TESTS=the tests that reach them), or
# MUTATE_SINCE=commit for the files of only_mutate changed since then (scripts/mutate.py prints the kill figure)
mutate: translations
	$(BIN)/python -m pip install --quiet -e '.[test,mutate]'
	$(BIN)/python scripts/mutate.py $(if $(MUTATE_PATHS),--paths $(MUTATE_PATHS)) \
	  $(if $(MUTATE_SINCE),--since $(MUTATE_SINCE)) $(if $(MUTATE_TESTS),--tests $(MUTATE_TESTS))

# 10,000 malformed requests to every endpoint on a fresh SQLite file, then on the PostgreSQL database of
# FUZZ_DATABASE_URL when set (a scratch database: it is wiped first); fails on any 5xx. Slow, so not in `make test`
# (which sends about 2,700: tests/web/test_fuzz.py)
FUZZ_REQUESTS ?= 10000
fuzz: translations
	$(BIN)/python scripts/fuzz.py -n $(FUZZ_REQUESTS)
	if [ -n "$(FUZZ_DATABASE_URL)" ]; then $(BIN)/python scripts/fuzz.py -n $(FUZZ_REQUESTS) --wipe --url "$(FUZZ_DATABASE_URL)"; fi

bench: install
	$(BIN)/python -m scorekeeper.rules.bench

# the web pages next to a Flask hello-world app, under the server settings `make run` uses
bench-web: translations
	$(BIN)/python scripts/bench_web.py

# the games list, a table screen and /games/new at 10 and at 100,000 games (a few minutes to fill)
bench-scale: translations
	$(BIN)/python scripts/bench_web.py --scale

# 40 phones on 8 games: how long until every phone sees a change (p50, p99)
bench-live: translations
	$(BIN)/python scripts/live_load.py

# docs/hosting.md's two instances on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL: a database it may
# wipe) and a redis-server: 200 households, 500 phones polling their tables; p50/p99 from a round to every phone
# of its table, errors, CPU per 1,000 phones per minute; then the phone count at which p99 passes 3 s
bench-hosted: translations
	$(BIN)/python scripts/bench_hosted.py

# the photo counter (issue 27) on the development photos (../shared/photos-dev), 200 synthetic ones and 50 single
# tiles, one core:
# exact-total %, mean error, tiles right, seconds per photo, peak memory; BENCH_PHOTO_ARGS="--n 40 --failures DIR"
bench-photo: translations
	$(BIN)/python scripts/bench_photo.py $(BENCH_PHOTO_ARGS)
	$(BIN)/python scripts/bench_count_ends.py

# the main screens at 360 px, light and dark, English and Czech, into docs/screenshots/ (README shows them)
screenshots: translations
	SCREENSHOTS_TO_DOCS=1 $(BIN)/python -m pytest -q -m browser tests/browser/test_screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache
