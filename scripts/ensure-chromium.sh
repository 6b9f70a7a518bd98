#!/usr/bin/env bash
# Browser tests run in Debian's Chromium. Install it when it is missing.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-packages.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}:chromium"
