#!/usr/bin/env bash
# Every test, from a fresh machine: dependencies, Chromium, types, lint,
# unit tests (Vitest, which first makes sure the CLI its tests run is built), a production build,
# then end-to-end tests (Playwright) against that build. Each stage's time is printed at the end,
# whether the run passed or not.
set -euo pipefail
cd "$(dirname "$0")/.."

STAGES=()
started=$SECONDS
report() {
  local status=$?
  echo
  echo "== stage times"
  for line in "${STAGES[@]}"; do echo "  $line"; done
  echo "  whole run: $((SECONDS - started)) s ($([ "$status" -eq 0 ] && echo passed || echo "failed, exit $status"))"
}
trap report EXIT

stage() {
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  if "$@"; then
    STAGES+=("$(printf '%-10s %4d s' "$name" $((SECONDS - t0)))")
  else
    local rc=$?
    STAGES+=("$(printf '%-10s %4d s  FAILED' "$name" $((SECONDS - t0)))")
    return "$rc"
  fi
}

# Runs `name=command` specs at once, none needing another's output, then shows each one's output
# whole, one after another, and its time; the first argument labels the group's own time.
together() {
  local label=$1 dir t0=$SECONDS failed=0 names=""
  shift
  dir=$(mktemp -d)
  for spec in "$@"; do
    local name=${spec%%=*} cmd=${spec#*=}
    (
      s0=$SECONDS rc=0
      bash -c "$cmd" >"$dir/$name.log" 2>&1 || rc=$?
      echo "$((SECONDS - s0)) $rc" >"$dir/$name.end"
      exit "$rc"
    ) &
  done
  wait || true
  for spec in "$@"; do
    names+="${spec%%=*}, "
    local name=${spec%%=*} secs rc
    read -r secs rc <"$dir/$name.end"
    echo "== $name"
    cat "$dir/$name.log"
    if [ "$rc" -eq 0 ]; then
      STAGES+=("$(printf '%-10s %4d s  (alongside the others)' "$name" "$secs")")
    else
      STAGES+=("$(printf '%-10s %4d s  FAILED' "$name" "$secs")")
      failed=$rc
    fi
  done
  rm -rf "$dir"
  STAGES+=("$(printf '%-10s %4d s  (%s, side by side)' "$label" $((SECONDS - t0)) "${names%, }")")
  return "$failed"
}

# npm's packages and Debian's browsers at once: both mostly wait on downloads and disks.
together setup \
  'install=bash scripts/install.sh' \
  'chromium=bash scripts/ensure-chromium.sh'
# The type check, lint and build at once: each is mostly one thread.
# The build goes through the build stamp, as npm start builds: a build already made from these sources
# stands, and the one made here is stamped, so the next npm start serves it instead of building again.
together checks \
  'typecheck=npx tsc -b' \
  'lint=npx eslint . --max-warnings=0' \
  'build=node scripts/build-stamp.mjs build app -- node_modules/.bin/vite build --logLevel warn'
stage unit npx vitest run
stage e2e npx playwright test
