#!/usr/bin/env bash
# The Python module's tests check the generated file with pyflakes (Debian's pyflakes3). Install it
# when it is missing.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-packages.sh" pyflakes3:pyflakes3
