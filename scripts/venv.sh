#!/usr/bin/env bash
# Create .venv and install the project into it, editable, with the extras asked for; only
# when needed: a stamp records what was installed (pyproject.toml's hash and the extras).
set -euo pipefail
cd "$(dirname "$0")/.."
hash="$(sha256sum pyproject.toml | cut -d' ' -f1)"
stamp=.venv/.install-stamp
if [ -x .venv/bin/python ] && [ -f "$stamp" ] && [ "$(cut -d' ' -f1 "$stamp")" = "$hash" ] \
  && { [ -z "${1:-}" ] || grep -qF -- " ${1:-}" "$stamp"; }; then
  exit 0  # installed from this pyproject.toml, with these extras (or more)
fi
[ -x .venv/bin/python ] || python3 -m venv .venv 2>/dev/null || python3 -m venv --without-pip .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".${1:-}"
echo "$hash ${1:-}" > "$stamp"
