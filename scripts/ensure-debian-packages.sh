#!/usr/bin/env bash
# Installs the Debian packages the tests need when their program is missing (root on these
# machines; sudo otherwise), with one `apt-get update` for all of them.
# Usage: ensure-debian-packages.sh PROGRAM:PACKAGE...  (PROGRAM: a path or a command name)
#        ensure-debian-packages.sh py:MODULE:PACKAGE... (a module Debian's /usr/bin/python3 imports)
set -euo pipefail
present() {
  local program="$1"
  # Debian's python3, not whichever python3 is first on PATH: Debian's modules install for it only.
  if [[ "$program" == py:* ]]; then /usr/bin/python3 -c "import ${program#py:}" >/dev/null 2>&1
  elif [[ "$program" == /* ]]; then [ -x "$program" ]
  else command -v "$program" >/dev/null 2>&1; fi
}
missing=()
for pair in "$@"; do
  present "${pair%:*}" || missing+=("${pair##*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} (needed by the tests)…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
for pair in "$@"; do
  present "${pair%:*}" || { echo "${pair%:*} is still missing" >&2; exit 1; }
done
