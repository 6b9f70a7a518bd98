#!/usr/bin/env bash
# Browser tests run in Debian's Chromium. Install it when it is missing (root on these machines).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
echo "Chromium not found at $bin: installing Debian's chromium package…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
[ -x "$bin" ] || { echo "chromium is still missing at $bin" >&2; exit 1; }
