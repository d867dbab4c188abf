#!/usr/bin/env bash
# Playwright cannot download its own browsers here: use Debian's, installing what is missing (CI and
# new machines run as root).
#  - chromium-headless-shell runs the end-to-end tests, as Playwright's own headless Chromium does:
#    the same Blink and V8 without the browser's windows and UI, ~15-20% less CPU per test here.
#  - chromium, the full browser, runs the benches (bench:browser, ../shared/perf), which measure what
#    a person's browser paints.
# CHROMIUM_PATH, when set, is the one browser the tests use, and nothing is installed for it.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]}…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
/usr/bin/chromium-headless-shell --version
