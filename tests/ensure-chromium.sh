#!/usr/bin/env bash
# e2e tests drive the system Chromium (Playwright's own browser download does not work everywhere).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Chromium (Debian package) for the e2e tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $chromium_path. Install it (Debian/Ubuntu: sudo apt-get install chromium)" >&2
echo "or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again." >&2
exit 1
