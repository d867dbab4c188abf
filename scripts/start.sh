#!/usr/bin/env bash
# Install, build and serve Timescope on http://127.0.0.1:4173 (the demo incident is one click away).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
npx vite build --logLevel warn
npm run -s build:cli # the `timescope` CLI too, so it matches this checkout
echo "Timescope: http://127.0.0.1:4173/  (press Ctrl+C to stop)"
exec npx vite preview --port "${PORT:-4173}" --strictPort --host 127.0.0.1
