#!/usr/bin/env bash
# Every long random-play run listed in scripts/long-play.txt, one after another in this process
# (scripts/test.sh starts it beside the suite). Prints each run's "random play" summary lines;
# exits non-zero at the first run that fails, after printing its output.
set -euo pipefail
cd "$(dirname "$0")/.."
while read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  read -ra words <<<"$line"
  envs=()
  node=""
  for word in "${words[@]}"; do
    if [[ "$word" == *=* && -z "$node" ]]; then envs+=("$word"); else node="$word"; fi
  done
  log=$(mktemp)
  start=$(date +%s)
  if ! env "${envs[@]}" .venv/bin/python -m pytest -q -p no:cacheprovider -s "$node" >"$log" 2>&1; then
    cat "$log" >&2
    echo "long random play failed: ${envs[*]} $node" >&2
    exit 1
  fi
  grep -i "random play" "$log" || true
  echo "long random play passed in $(($(date +%s) - start)) s: ${envs[*]} $node"
done < scripts/long-play.txt
