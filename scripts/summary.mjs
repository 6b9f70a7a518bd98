// One plain closing line for CI: the unit and browser test counts added up.
import { readFileSync } from 'node:fs';

const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
const v = read('.reports/vitest.json');
const p = read('.reports/playwright.json');
const passed = v.numPassedTests + (p.stats?.expected ?? 0);
const failed = v.numFailedTests + (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
const skipped = v.numPendingTests + (p.stats?.skipped ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
