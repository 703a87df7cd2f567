#!/usr/bin/env bash
# Maps and messages carry Chinese text: install a CJK font if there is none (Debian/Ubuntu).
# Optional: when it cannot be installed (no apt, no root, sudo wants a password, apt fails)
# this warns and succeeds, and the maps are drawn with the fallback font.
set -uo pipefail
if command -v fc-list >/dev/null 2>&1; then
  fc-list | grep -qi "Noto Sans CJK" && exit 0
elif ls /usr/share/fonts/opentype/noto/NotoSansCJK* >/dev/null 2>&1; then
  exit 0
fi
warn() { echo "warning: no CJK font ($1); Chinese map text may show as boxes. Install fonts-noto-cjk or set REFEREE_FONT." >&2; exit 0; }
command -v apt-get >/dev/null 2>&1 || warn "no apt-get"
if [ "$(id -u)" = "0" ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)  # -n: never stop to ask for a password
else
  warn "installing it needs root"
fi
"${as_root[@]}" apt-get update -qq >/dev/null 2>&1 || warn "apt-get update failed"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null 2>&1 \
  || warn "apt-get install fonts-noto-cjk failed"
