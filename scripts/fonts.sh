#!/usr/bin/env bash
# Maps and messages carry Chinese text: make sure a CJK font is installed (Debian/Ubuntu).
set -euo pipefail
if fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || ls /usr/share/fonts/opentype/noto/NotoSansCJK* >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null
elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null
else
  echo "warning: no CJK font found; install fonts-noto-cjk or set REFEREE_FONT" >&2
fi
