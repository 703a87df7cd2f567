#!/usr/bin/env bash
# The tests start a throwaway PostgreSQL server from the Debian package's binaries
# (/usr/lib/postgresql/N/bin): install it when missing. The bot itself does not need it.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
else
  echo "warning: no PostgreSQL server binaries; the PostgreSQL tests will be skipped" >&2
fi
