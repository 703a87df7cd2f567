#!/usr/bin/env bash
# Install with the dev extras, then lint, type-check and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fonts.sh
bash scripts/postgres.sh || echo "warning: PostgreSQL could not be installed; its tests will be skipped" >&2
bash scripts/venv.sh "[dev]"
long=""
if [ "$#" -eq 0 ]; then
  # The games' long random play (scripts/long-play.txt: whole games with the invariants after
  # every order) runs beside the rest in a second process; its verdict is read at the end.
  long_log=$(mktemp)
  bash scripts/long-play.sh >"$long_log" 2>&1 &
  long=$!
  trap 'pkill -P "$long" 2>/dev/null; kill "$long" 2>/dev/null || true' EXIT
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The suite on every core (pytest-xdist: REFEREE_TEST_WORKERS=N for N workers, 0 for none).
# mypy and mypy --strict bot/rules run inside it (tests/test_types.py), beside the other tests.
# --dist loadgroup: tests go one at a time to whichever worker is free, the ones marked slow
# first (tests/conftest.py). (Its xdist_group marks are ignored under pytest 9.2, pytest-xdist
# issue 1386: no test relies on them.)
workers="${REFEREE_TEST_WORKERS:-auto}"
.venv/bin/python -m pytest -n "$workers" --dist loadgroup "$@"
if [ "$#" -eq 0 ]; then
  # The end-to-end suite once more, its bot on PostgreSQL (issue 13; skipped without the server).
  REFEREE_TEST_DATABASE=postgres .venv/bin/python -m pytest -q -n "$workers" --dist loadgroup \
    tests/e2e --ignore=tests/e2e/test_processes.py  # (on PostgreSQL already)
fi
if [ -n "$long" ]; then
  if ! wait "$long"; then
    cat "$long_log" >&2
    echo "the long random play failed (above)" >&2
    exit 1
  fi
  cat "$long_log"
  trap - EXIT
fi
