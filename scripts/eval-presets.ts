/**
 * Measures every preset on the labelled transcripts and prints the tables of docs/detectors.md
 * ("recommended"): the presets, recommended without each of its detectors, and parameter sweeps
 * around it. `npx tsx scripts/eval-presets.ts`
 */
import { DETECTOR_DEFS } from '../src/engine/detectors/registry';
import { sweep } from '../src/engine/sweep';
import type { EngineConfig } from '../src/engine/config';
import type { MetricsSummary } from '../src/engine/evaluate';
import { PRESETS } from '../src/engine/presets/index';
import { recommended } from '../src/engine/presets/recommended';
import { loadLabelled, score } from '../src/engine/presets/labelled.test-util';

const set = await loadLabelled();
const f = (x: number | null, d = 3) => (x === null ? '—' : x.toFixed(d));
// Event-based scores (docs/cli.md, "Metrics"): false alarms are episodes, not single alarms.
const row = (name: string, s: MetricsSummary) =>
  `| ${name} | ${f(s.f1)} | ${f(s.precision)} | ${f(s.recall)} | ${s.caught}/${s.spans} | ${s.fp} | ${s.cleanFlagged}/${s.clean} | ${s.prematureStops} | ${f(s.meanLatency, 2)} |`;
const head =
  '| config | F1 | precision | recall | loops caught | false alarms | clean runs flagged | premature stops | mean latency (turns) |\n|---|---|---|---|---|---|---|---|---|';

const legit = set.filter((l) => l.legit).length;
console.log(
  `${set.length} transcripts (${legit} without a loop), ${set.reduce((n, l) => n + l.transcript.turns.length, 0)} turns\n`,
);
console.log('Presets:\n\n' + head);
for (const p of PRESETS) console.log(row(`\`${p.name}\``, score(p, set)));

console.log('\n`recommended` with one more detector (its defaults):\n\n' + head);
for (const def of DETECTOR_DEFS) {
  if (recommended.detectors[def.id]) continue;
  console.log(
    row(`with \`${def.id}\``, score({ ...recommended, detectors: { ...recommended.detectors, [def.id]: {} } }, set)),
  );
}

console.log('\n`recommended` without one of its detectors:\n\n' + head);
for (const id of Object.keys(recommended.detectors)) {
  const c: EngineConfig = structuredClone(recommended);
  delete c.detectors[id as keyof EngineConfig['detectors']];
  console.log(row(`without \`${id}\``, score(c, set)));
}

const sweeps: [string, unknown[]][] = [
  ['detectors.cycle.minRepetitions', [2, 3, 4, 5]],
  ['detectors.cycle.maxPeriod', [1, 2, 3]],
  ['detectors.same-result.maxSimilarResults', [1, 2, 3, 4]],
  ['detectors.same-result.threshold', [0.8, 0.85, 0.9, 0.95]],
  ['detectors.same-result.errorsOnly', [false, true]],
  ['detectors.similar-args.maxSimilar', [1, 2, 3, 4]],
  ['detectors.similar-args.threshold', [0.7, 0.8, 0.9]],
  ['detectors.similar-args.sameResult', [false, true]],
  ['detectors.similar-args.ignoreIdentical', [false, true]],
  ['detectors.summary-loop.threshold', [1, 2, 3, 4]],
];
console.log('\nSweeps around `recommended` (one parameter at a time):\n\n' + head);
for (const [param, values] of sweeps)
  for (const p of sweep(
    set.map((l) => l.transcript),
    recommended,
    param,
    values,
  ))
    console.log(row(`\`${param.replace('detectors.', '')}\` = ${JSON.stringify(p.value)}`, p.metrics));
