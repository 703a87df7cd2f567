#!/usr/bin/env bash
# Install with the dev extras, then lint, type-check and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fonts.sh
bash scripts/postgres.sh || echo "warning: PostgreSQL could not be installed; its tests will be skipped" >&2
bash scripts/venv.sh "[dev]"
long=""
if [ "$#" -eq 0 ]; then
  # Pocket Battles' long random play (issue 14: 300 whole battles at six sizes, the invariants
  # after every order) runs beside the rest in a second process; its verdict is read at the end.
  long_log=$(mktemp)
  PB_RANDOM_BATTLES=300 .venv/bin/python -m pytest -q -p no:cacheprovider -s \
    tests/pocket_battles/test_random_play.py::test_random_battles_keep_the_invariants_to_the_end \
    >"$long_log" 2>&1 &
  long=$!
  trap 'kill "$long" 2>/dev/null || true' EXIT
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy                     # bot, cogs, rendering (config in pyproject.toml)
.venv/bin/mypy --strict bot/rules  # the pure rules are held to strict
.venv/bin/python -m pytest "$@"
if [ "$#" -eq 0 ]; then
  # The end-to-end suite once more, its bot on PostgreSQL (issue 13; skipped without the server).
  REFEREE_TEST_DATABASE=postgres .venv/bin/python -m pytest -q tests/e2e \
    --ignore=tests/e2e/test_processes.py  # (on PostgreSQL already)
fi
if [ -n "$long" ]; then
  if ! wait "$long"; then
    cat "$long_log" >&2
    echo "Pocket Battles' long random play failed (above)" >&2
    exit 1
  fi
  grep "random play" "$long_log" || true
  trap - EXIT
fi
