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

stage install bash scripts/install.sh
stage chromium bash scripts/ensure-chromium.sh
stage typecheck npx tsc -b
stage lint npx eslint . --max-warnings=0
stage unit npx vitest run
# Through the build stamp, as npm start builds: a build already made from these sources stands, and the
# one made here is stamped, so the next npm start serves it instead of building again.
stage build node scripts/build-stamp.mjs build app -- node_modules/.bin/vite build --logLevel warn
stage e2e npx playwright test
