/**
 * Derives `recommended` (docs/detectors.md "Preset recommended"): every config of the grid in
 * src/corpus/grid.ts scored on the labelled corpus; the detectors chosen by leave-one-source-out
 * (src/corpus/search.ts `derive`), their parameters on all sources. Prints every structure's
 * pooled held-out score, the chosen one per fold, and the config. `npm run corpus:derive [-- --json]`.
 * Deterministic.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCorpus } from '../src/corpus/read-corpus';
import { GRID, gridSize } from '../src/corpus/grid';
import { combine, scoreRun } from '../src/corpus/score';
import { derive, f1Of, makeSearcher, search, sum, type Counts } from '../src/corpus/search';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { json: { type: 'boolean' } } });
const t0 = Date.now();
const runs = await readCorpus(root);
const s = makeSearcher(GRID, runs);
const t1 = Date.now();
const d = derive(s);
const res = d.result;
const flat = search(s);
const t2 = Date.now();

const describe = (choice: number[]) =>
  GRID.flatMap((c, i) => (choice[i] ? [`${c.id}(${c.options[choice[i]].label})`] : [])).join(' + ');
const f = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const cells = (c: Counts) =>
  `${f(f1Of(c))} | ${c.caught} / ${c.spans} | ${c.fp} | ${c.cleanFlagged} / ${c.cleanRuns} | ${c.stops}`;

// The shortcut (union of per-detector alarms) must equal a real replay of the chosen config.
const chosen = s.config(res.best.choice, 'recommended');
const real = combine(
  runs,
  runs.map((r) => scoreRun(chosen, r)),
);
const fast = sum(res.best.counts);
if (
  real.caught !== fast.caught ||
  real.falseAlarms !== fast.fp ||
  real.prematureStops !== fast.stops ||
  real.cleanFlagged !== fast.cleanFlagged
)
  throw new Error(
    `derive-recommended: the fast score ${JSON.stringify(fast)} differs from a replay ${JSON.stringify(real)}`,
  );

const byOrigin = (o: 'real' | 'authored') =>
  combine(
    runs.filter((r) => r.origin === o),
    runs.filter((r) => r.origin === o).map((r) => scoreRun(chosen, r)),
  );

if (values.json) {
  process.stdout.write(
    JSON.stringify(
      {
        configs: flat.configs,
        structure: d.structure,
        flatPooled: flat.pooled,
        chosen,
        all: fast,
        real: byOrigin('real'),
        authored: byOrigin('authored'),
        folds: res.folds.map((fo) => ({ ...fo, config: describe(fo.choice) })),
        pooled: res.pooled,
      },
      null,
      2,
    ) + '\n',
  );
} else {
  const out = [
    `Grid: ${gridSize(GRID)} configs (${flat.configs} scored) on ${runs.length} runs; replays ${((t1 - t0) / 1000).toFixed(1)} s, search ${((t2 - t1) / 1000).toFixed(1)} s.`,
    '',
    'Structures (detectors enabled), by pooled held-out score (parameters chosen per fold on the other sources):',
    '',
    '| structure | held out: F1 | caught / spans | false alarms | clean flagged | premature stops |',
    '|---|---|---|---|---|---|',
    ...[...d.all]
      .sort(([, a], [, b]) => (f1Of(b.pooled) ?? -1) - (f1Of(a.pooled) ?? -1) || a.pooled.fp - b.pooled.fp)
      .slice(0, 15)
      .map(([k, r]) => `| ${k} | ${cells(r.pooled)} |`),
    '',
    `Whole grid, one level (no structure selection): held out ${cells(flat.pooled)}`,
    '',
    `Chosen structure: ${d.structure}; its parameters on all sources: ${describe(res.best.choice)}`,
    '',
    '| set | F1 | caught / spans | false alarms | clean flagged | premature stops |',
    '|---|---|---|---|---|---|',
    `| all runs (in-sample) | ${cells(fast)} |`,
    ...s.sources.map(
      (src) => `| ${src} (in-sample) | ${cells(sum(res.best.counts, (g) => s.groups[g].framework === src))} |`,
    ),
    '',
    '| held-out source | chosen on the others | F1 on the others | held out: F1 | caught / spans | false alarms | clean flagged | premature stops |',
    '|---|---|---|---|---|---|---|---|',
    ...res.folds.map((fo) => `| ${fo.heldOut} | ${describe(fo.choice)} | ${f(f1Of(fo.train))} | ${cells(fo.test)} |`),
    `| **pooled** | | | ${cells(res.pooled)} |`,
    '',
    JSON.stringify(chosen, null, 2),
  ];
  process.stdout.write(out.join('\n') + '\n');
}
