#!/usr/bin/env bash
# Every check, in the order a failure is cheapest to see: types, lint, formatting, unit tests, build, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Debian's Chromium (browser tests), pyflakes3 (the Python modules' lint) and Dask
# (python3-distributed: python/loopscope_dask.py and its test), in one apt run.
bash scripts/ensure-debian-packages.sh "${CHROMIUM_PATH:-/usr/bin/chromium}:chromium" pyflakes3:pyflakes3 \
  py:distributed:python3-distributed
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint"; npx eslint . --max-warnings=0; pyflakes3 python/
echo "== formatting"; npx prettier --check . --log-level warn
echo "== package"; node scripts/build-package.mjs
echo "== unit tests"; npx vitest run --reporter=default --reporter=json --outputFile=.reports/vitest.json
echo "== build"; npx vite build
echo "== browser tests"; npx playwright test
node scripts/summary.mjs
