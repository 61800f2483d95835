#!/usr/bin/env bash
# CI as a new machine sees it. A warm npm cache once hid a failure that only a new machine showed,
# so this clones HEAD afresh with ../shared beside it and gives npm an empty cache, then:
#   1. runs `CI=true bash .ci/run` there and reports its time;
#   2. in a second fresh clone (the cache is warm by now), runs `npm install` and tries the
#      README's commands as a new user would, with nothing built: npm start, curl, the SDK
#      snippet saved as hello.ts and run with the README's command, npx todokit-server and
#      npx todokit-conformance.
# Usage: bash scripts/fresh-machine.sh [--keep]   (--keep leaves the clones for a look)
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/todokit-fresh-XXXXXX")
keep=${1:-}
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  if [ "$keep" = --keep ]; then echo "fresh-machine: left in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

export npm_config_cache="$work/npm-cache"
clone() {
  git clone -q "$root" "$work/$1/main"
  if [ -d "$root/../shared" ]; then ln -s "$(cd "$root/../shared" && pwd)" "$work/$1/shared"; fi
  echo "$work/$1/main"
}

# Starts "$@" in its own process group and sets `url` to the URL it announces. Not called in a
# command substitution: that subshell would keep the pid, and cleanup could not stop the server.
start_server() {
  local log="$work/server-${#servers[@]}.log"
  setsid "$@" >"$log" 2>&1 &
  servers+=("$!")
  for _ in $(seq 100); do
    if url=$(grep -o 'listening on http://[^ ]*' "$log" | cut -d' ' -f3); then return; fi
    sleep 0.2
  done
  echo "fresh-machine: $* did not start:" >&2
  cat "$log" >&2
  return 1
}

ci=$(clone ci)
started=$SECONDS
(cd "$ci" && CI=true bash .ci/run)
echo "fresh-machine: CI=true bash .ci/run passed in $((SECONDS - started)) s, starting from an empty npm cache that now holds $(du -sm "$npm_config_cache" | cut -f1) MB"

user=$(clone user)
cd "$user"
npm install --no-audit --no-fund >/dev/null
start_server npm start
curl -sf "$url/todos?completed=false&order=-id" >/dev/null
curl -sf -X POST "$url/todos" -H 'content-type: application/json' -d '{"content":"Buy milk"}' >/dev/null
# The README's SDK snippet, saved where it says, run with the command it gives.
awk '/^```ts run hello.ts$/ {on = 1; next} on && /^```$/ {exit} on' README.md |
  sed "s|http://127.0.0.1:3000|$url|" >hello.ts
command=$(awk '/^```ts run hello.ts$/ {seen = 1} seen && /^npx node .*hello.ts$/ {print; exit}' README.md)
test -n "$command" && test -s hello.ts
bash -c "$command" | grep -q '^404 Not Found: GET '
start_server npx todokit-server --port 0 --data "$work/todos.db"
npx todokit-conformance "$url" --capabilities all --strict >/dev/null
echo "fresh-machine: npm start, curl, the README's SDK snippet, npx todokit-server and npx todokit-conformance work after npm install"
