#!/usr/bin/env bash
# e2e tests drive Debian's Chromium (Playwright's own browser download does not work everywhere): the headless shell
# for the e2e suite (no browser UI: far less CPU per page on a 2-core machine), the full browser for Lighthouse.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell_path="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -x "$shell_path" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing ${missing[*]} (Debian packages) for the e2e tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
# without root: the full browser serves e2e too (tests/playwright.config.ts falls back to it)
if [ -x "$chromium_path" ]; then exit 0; fi
echo "Chromium is missing at $chromium_path. Install it (Debian/Ubuntu: sudo apt-get install chromium" >&2
echo "chromium-headless-shell) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again." >&2
exit 1
