#!/usr/bin/env bash
# Installs the Debian packages the tests need when their program is missing (root on these
# machines; sudo otherwise), with one `apt-get update` for all of them.
# Usage: ensure-debian-packages.sh PROGRAM:PACKAGE...  (PROGRAM: a path or a command name)
set -euo pipefail
missing=()
for pair in "$@"; do
  program="${pair%%:*}"
  package="${pair#*:}"
  if [[ "$program" == /* ]]; then [ -x "$program" ] && continue; else command -v "$program" >/dev/null 2>&1 && continue; fi
  missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} (needed by the tests)…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
for pair in "$@"; do
  program="${pair%%:*}"
  if [[ "$program" == /* ]]; then [ -x "$program" ] || { echo "$program is still missing" >&2; exit 1; }
  else command -v "$program" >/dev/null 2>&1 || { echo "$program is still missing" >&2; exit 1; }; fi
done
