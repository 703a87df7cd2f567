#!/usr/bin/env bash
# Install when needed, then run the Discord bot if a token is configured (in the environment
# or in .env), or else hot-seat local play, offering to resume the last unfinished game.
# RUN_SH_DRY=1 prints the command instead of running it (the tests use it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fonts.sh || echo "warning: the CJK font check failed; playing anyway" >&2
bash scripts/venv.sh
py=.venv/bin/python
launch() {
  if [ -n "${RUN_SH_DRY:-}" ]; then echo "$*"; exit 0; fi
  exec "$@"
}
if "$py" -m bot run --check; then  # the same Settings the bot reads, .env included
  launch "$py" -m bot run
fi
db=local-play.sqlite3
if [ $# -eq 0 ] && [ -f "$db" ]; then
  last="$("$py" -m bot games --db "$db" --unfinished --last --quiet || true)"
  if [ -n "$last" ]; then
    read -r id ruleset <<<"$last"
    answer=y
    printf 'Resume game %s (%s)? [Y/n] ' "$id" "$ruleset" >&2
    read -r answer || answer=n
    case "${answer:-y}" in
      [nN]*) ;;
      *) launch "$py" -m bot play "$ruleset" --resume "$id" --db "$db" ;;
    esac
  fi
fi
echo "No REFEREE_TOKEN set: starting local play (python -m bot play ${1:-war-at-sea})." >&2
launch "$py" -m bot play "${1:-war-at-sea}" "${@:2}"
