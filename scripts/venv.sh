#!/usr/bin/env bash
# Create .venv (once) and install the project into it, editable, with the extras asked for.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv 2>/dev/null || python3 -m venv --without-pip .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".${1:-}"
