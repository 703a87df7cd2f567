#!/usr/bin/env bash
# Install with the dev extras, then lint, type-check and run the whole test suite (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fonts.sh
bash scripts/postgres.sh || echo "warning: PostgreSQL could not be installed; its tests will be skipped" >&2
bash scripts/venv.sh "[dev]"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy                     # bot, cogs, rendering (config in pyproject.toml)
.venv/bin/mypy --strict bot/rules  # the pure rules are held to strict
exec .venv/bin/python -m pytest "$@"
