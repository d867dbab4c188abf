#!/usr/bin/env bash
# Install, build and serve Timescope on http://127.0.0.1:4173 (the demo incident is one click away).
# Each step runs only when its inputs changed since it last ran here (scripts/build-stamp.mjs), so a
# start with nothing changed goes straight to serving. Vite is run from node_modules/.bin, not
# through npx, which alone took about a second.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
node scripts/build-stamp.mjs build app -- node_modules/.bin/vite build --logLevel warn
node scripts/build-stamp.mjs build cli -- npm run -s build:cli # the `timescope` CLI too, so it matches this checkout
echo "Timescope: http://127.0.0.1:${PORT:-4173}/  (press Ctrl+C to stop)"
exec node_modules/.bin/vite preview --port "${PORT:-4173}" --strictPort --host 127.0.0.1
