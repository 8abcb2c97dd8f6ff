# Layerlab: `make run` serves the site on http://127.0.0.1:8000, `make test`
# runs every check CI runs. Both set up everything they need first.
# `make run PORT=8123` serves on another port.

PYTHON := $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# Touched after a successful install: reinstall only when pyproject.toml changes.
INSTALLED := $(VENV)/.installed
PORT ?= 8000
# pytest-xdist workers for `make test`: one per core; `make test TEST_WORKERS=0` runs the
# suite in one process. Each worker has its own test database (tests/conftest.py).
TEST_WORKERS ?= auto
# `make test TEST_SCOPE=services`: only the tests the database, cache or channel layer can
# change (the PostgreSQL and Redis pass of .ci/run; tests/conftest.py says which).
TEST_SCOPE ?= all

.PHONY: run test setup install lint fmt clean

run: setup
	DJANGO_DEBUG=true $(BIN)/daphne -b 127.0.0.1 -p $(PORT) tutor.asgi:application

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	TEST_SCOPE=$(TEST_SCOPE) $(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25

setup: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_content

install: $(INSTALLED)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[test]'
	touch $@

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

fmt: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) *.egg-info db.sqlite3 staticfiles test-results .pytest_cache .ruff_cache .hypothesis
