#!/usr/bin/env bash
# Every test, from a fresh machine: dependencies, Chromium, types, lint,
# unit tests (Vitest, which first builds the CLI its tests run), a production build, then end-to-end tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/ensure-chromium.sh
echo "== typecheck"; npx tsc -b
echo "== lint"; npx eslint . --max-warnings=0
echo "== unit"; npx vitest run
echo "== build"; npx vite build --logLevel warn
echo "== e2e"; npx playwright test
