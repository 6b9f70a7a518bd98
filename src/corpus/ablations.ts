/**
 * The table of docs/detectors.md "Preset recommended — the corpus table": every preset and every
 * ablation of the derived config, on all runs, real runs, authored runs, and held out
 * (leave-one-source-out, pooled). Written by `npm run corpus:table`.
 *
 * What "held out" means per row: a fixed config (a preset) chooses nothing, so its held-out score
 * is its score on all runs. A row of the search (the derived config, or an ablation of it) is
 * re-chosen in every fold on the other sources, under the row's constraint (a detector removed,
 * a parameter fixed at another value, a detector added), and scored on the held-out source: that
 * column is the cross-validated one.
 */
import type { EngineConfig } from '../engine/config';
import type { CorpusRun } from './load';
import { combine, scoreRun, type Score } from './score';
import { f1Of, inStructure, search, structureOf, sum, type Counts, type Searcher } from './search';

export const TABLE_START = '<!-- corpus:table:start (npm run corpus:table writes this section) -->';
export const TABLE_END = '<!-- corpus:table:end -->';

export interface Row {
  name: string;
  all: Counts;
  real: Counts;
  authored: Counts;
  /** Pooled held-out counts; for a fixed config, equal to `all`. */
  heldOut: Counts;
  fixed: boolean;
}

const fromScore = (s: Score): Counts => ({
  spans: s.spans,
  caught: s.caught,
  fp: s.falseAlarms,
  cleanRuns: s.cleanRuns,
  cleanFlagged: s.cleanFlagged,
  stops: s.prematureStops,
});

/** A fixed config, replayed run by run. */
export function presetRow(config: EngineConfig, runs: CorpusRun[]): Row {
  const scores = runs.map((r) => scoreRun(config, r));
  const part = (o?: 'real' | 'authored') => {
    const idx = runs.flatMap((r, i) => (!o || r.origin === o ? [i] : []));
    return fromScore(
      combine(
        idx.map((i) => runs[i]),
        idx.map((i) => scores[i]),
      ),
    );
  };
  const all = part();
  return { name: `\`${config.name ?? '?'}\``, all, real: part('real'), authored: part('authored'), heldOut: all, fixed: true };
}

function searchRow(s: Searcher, name: string, choice: number[], allow: (c: number, k: number) => boolean): Row {
  const per = s.score(choice);
  const by = (o: 'real' | 'authored') => sum(per, (g) => s.groups[g].origin === o);
  return { name, all: sum(per), real: by('real'), authored: by('authored'), heldOut: search(s, allow).pooled, fixed: false };
}

const differingKeys = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => k !== 'actions' && JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );

/**
 * The derived config and its ablations: each enabled detector removed, each of its parameters
 * moved to every other value of the grid, each detector left out added (its first grid option).
 * Held out: the search re-run per fold within the ablation's structure (the detectors it
 * enables), with the moved parameter fixed.
 */
export function ablationRows(s: Searcher, chosen: number[]): Row[] {
  const mine = structureOf(s, chosen);
  const rows: Row[] = [searchRow(s, '**derived (= `recommended`)**', chosen, inStructure(s, mine))];
  s.grid.forEach((comp, i) => {
    const settings = comp.options[chosen[i]].settings;
    const set = (k: number) => chosen.map((v, j) => (j === i ? k : v));
    if (!settings) {
      const choice = set(1);
      rows.push(
        searchRow(s, `with \`${comp.id}\` (${comp.options[1].label || 'defaults'})`, choice, inStructure(s, structureOf(s, choice))),
      );
      return;
    }
    const without = set(0);
    rows.push(searchRow(s, `without \`${comp.id}\``, without, inStructure(s, structureOf(s, without))));
    const inMine = inStructure(s, mine);
    comp.options.forEach((o, k) => {
      if (!o.settings || k === chosen[i]) return;
      const diff = differingKeys(settings, o.settings);
      if (diff.length !== 1) return;
      const key = diff[0];
      const value = JSON.stringify(o.settings[key]);
      rows.push(
        searchRow(
          s,
          `\`${comp.id}.${key}\` = ${value}`,
          set(k),
          (c, kk) => inMine(c, kk) && (c !== i || JSON.stringify(comp.options[kk].settings?.[key]) === value),
        ),
      );
    });
  });
  return rows;
}

const f = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const brief = (c: Counts) => `${f(f1Of(c))} (${c.caught}/${c.spans}, ${c.fp})`;

export function rowsTable(rows: Row[]): string {
  return [
    '| config | all: F1 | caught / spans | false alarms | clean flagged | premature stops | real: F1 (caught, false alarms) | authored: F1 (caught, false alarms) | held out, pooled: F1 (caught, false alarms) | held-out premature stops |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(f1Of(r.all))} | ${r.all.caught} / ${r.all.spans} | ${r.all.fp} | ${r.all.cleanFlagged} / ${r.all.cleanRuns} | ${r.all.stops} | ${brief(r.real)} | ${brief(r.authored)} | ${r.fixed ? '= all' : `**${brief(r.heldOut)}**`} | ${r.fixed ? '= all' : r.heldOut.stops} |`,
    ),
  ].join('\n');
}
