#!/usr/bin/env bash
# Install the npm dependencies exactly as locked, only when node_modules/ does not hold them already:
# scripts/build-stamp.mjs compares npm's own record of what it installed with package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build-stamp.mjs check deps || npm ci --no-audit --no-fund
