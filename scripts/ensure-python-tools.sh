#!/usr/bin/env bash
# The Python module's tests check the generated file with pyflakes (Debian's pyflakes3). Install it
# when it is missing (root on these machines), as ensure-chromium.sh does for the browser.
set -euo pipefail
if command -v pyflakes3 >/dev/null 2>&1; then exit 0; fi
echo "pyflakes3 not found: installing Debian's pyflakes3 package…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq pyflakes3 >/dev/null
command -v pyflakes3 >/dev/null 2>&1 || { echo "pyflakes3 is still missing" >&2; exit 1; }
