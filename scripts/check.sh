#!/usr/bin/env bash
# Every check, in the order a failure is cheapest to see: types, lint, formatting, unit tests, build, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
bash scripts/ensure-chromium.sh
bash scripts/ensure-python-tools.sh
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint"; npx eslint . --max-warnings=0
echo "== formatting"; npx prettier --check . --log-level warn
echo "== package"; node scripts/build-package.mjs
echo "== unit tests"; npx vitest run --reporter=default --reporter=json --outputFile=.reports/vitest.json
echo "== build"; npx vite build
echo "== browser tests"; npx playwright test
node scripts/summary.mjs
