#!/usr/bin/env bash
# Install, then run the Discord bot if a token is configured, or else hot-seat local play.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fonts.sh
bash scripts/venv.sh
if [ -n "${REFEREE_TOKEN:-}${DISCORD_TOKEN:-}" ]; then
  exec .venv/bin/python -m bot run
fi
echo "No REFEREE_TOKEN set: starting local play (python -m bot play ${1:-war-at-sea})." >&2
exec .venv/bin/python -m bot play "${1:-war-at-sea}" "${@:2}"
