/**
 * Exhaustive search of a detector grid on the corpus, with leave-one-source-out selection.
 * Detectors run independently in a replay (each sees every call; a stop only marks later events),
 * so each detector option is replayed once per run and a config's alarms are the union of its
 * options' alarms, its stop the earliest of their stops. That makes scoring a config a scan of the
 * corpus's turns, not a replay: 10^5 configs take seconds. `verify` in the script re-scores the
 * chosen config with a real replay and `evaluate` to prove the shortcut exact.
 */
import type { EngineConfig } from '../engine/config';
import { EPISODE_GAP } from '../engine/evaluate';
import { loopSpans } from '../engine/labelled';
import { replay } from '../engine/replay';
import type { CorpusRun } from './load';
import type { Component } from './grid';

/** Counts that add up over runs; F1 is derived (evaluate.ts's formula). */
export interface Counts {
  spans: number;
  caught: number;
  fp: number;
  cleanRuns: number;
  cleanFlagged: number;
  stops: number;
}

export const f1Of = (c: Counts) => (c.spans ? (2 * c.caught) / (2 * c.caught + c.fp + (c.spans - c.caught)) : null);

interface OptionTrace {
  /** Global turn slots (run offset + turn) holding an alarm. */
  alarms: Int32Array;
  /** Per run: the turn of its first terminate, or 0. */
  stop: Int32Array;
}

export interface Searcher {
  grid: Component[];
  /** Frameworks, in name order: the folds. */
  sources: string[];
  /** Score groups: one per framework and origin present (openhands has real and authored runs). */
  groups: { framework: string; origin: 'real' | 'authored' }[];
  /** Scores one config (one option index per component), per group. */
  score(choice: number[]): Counts[];
  config(choice: number[], name?: string): EngineConfig;
}

export function configOf(grid: Component[], choice: number[], name = 'candidate'): EngineConfig {
  const detectors: EngineConfig['detectors'] = {};
  grid.forEach((c, i) => {
    const s = c.options[choice[i]].settings;
    if (s) detectors[c.id] = { ...s };
  });
  return { name, detectors };
}

export function makeSearcher(grid: Component[], runs: CorpusRun[]): Searcher {
  const sources = [...new Set(runs.map((r) => r.framework))].sort();
  const offset: number[] = [];
  let total = 0;
  for (const r of runs) {
    offset.push(total);
    total += r.run.turns.length + 1;
  }
  // span[slot] = 1 + index of the span holding that turn (labels do not overlap), or 0.
  const span = new Int32Array(total);
  const spanBase: number[] = [];
  // A clean run's label is a progress span: only loop spans are caught or missed.
  const loops = runs.map((r) => loopSpans(r.run.labels));
  let spanCount = 0;
  loops.forEach((spans, i) => {
    spanBase.push(spanCount);
    spans.forEach((l, j) => {
      for (let t = l.startTurn; t <= l.endTurn; t++) span[offset[i] + t] = spanCount + j + 1;
    });
    spanCount += spans.length;
  });
  const keys = [...new Set(runs.map((r) => `${r.framework}\u0000${r.origin}`))].sort();
  const groups = keys.map((k) => {
    const [framework, origin] = k.split('\u0000');
    return { framework, origin: origin as 'real' | 'authored' };
  });
  const srcOf = runs.map((r) => keys.indexOf(`${r.framework}\u0000${r.origin}`));

  const traces: OptionTrace[][] = grid.map((c) =>
    c.options.map((o) => {
      const stop = new Int32Array(runs.length);
      if (!o.settings) return { alarms: new Int32Array(0), stop };
      const config: EngineConfig = { detectors: { [c.id]: o.settings } };
      const alarms: number[] = [];
      runs.forEach((r, i) => {
        const res = replay(r.run, config);
        for (const e of res.events) alarms.push(offset[i] + e.turn);
        stop[i] = res.stoppedAt?.turn ?? 0;
      });
      return { alarms: Int32Array.from(alarms), stop };
    }),
  );

  const mark = new Uint8Array(total);
  const hit = new Uint8Array(spanCount);
  return {
    grid,
    sources,
    groups,
    config: (choice, name) => configOf(grid, choice, name),
    score(choice) {
      mark.fill(0);
      hit.fill(0);
      const chosen = choice.map((k, i) => traces[i][k]);
      for (const t of chosen) for (const s of t.alarms) mark[s] = 1;
      const out: Counts[] = groups.map(() => ({ spans: 0, caught: 0, fp: 0, cleanRuns: 0, cleanFlagged: 0, stops: 0 }));
      runs.forEach((r, i) => {
        const c = out[srcOf[i]];
        const n = r.run.turns.length;
        const base = offset[i];
        let last = -1e9;
        let any = false;
        for (let t = 1; t <= n; t++) {
          if (!mark[base + t]) continue;
          any = true;
          const sp = span[base + t];
          if (sp) hit[sp - 1] = 1;
          else {
            if (t - last > EPISODE_GAP) c.fp++;
            last = t;
          }
        }
        const labels = loops[i].length;
        c.spans += labels;
        for (let j = 0; j < labels; j++) c.caught += hit[spanBase[i] + j];
        if (!labels) {
          c.cleanRuns++;
          if (any) c.cleanFlagged++;
        }
        let stop = 0;
        for (const t of chosen) if (t.stop[i] && (!stop || t.stop[i] < stop)) stop = t.stop[i];
        if (stop && !span[base + stop]) c.stops++;
      });
      return out;
    },
  };
}

export function sum(cs: Counts[], keep: (i: number) => boolean = () => true): Counts {
  const s: Counts = { spans: 0, caught: 0, fp: 0, cleanRuns: 0, cleanFlagged: 0, stops: 0 };
  cs.forEach((c, i) => {
    if (!keep(i)) return;
    for (const k of Object.keys(s) as (keyof Counts)[]) s[k] += c[k];
  });
  return s;
}

function minus(a: Counts, b: Counts): Counts {
  return {
    spans: a.spans - b.spans,
    caught: a.caught - b.caught,
    fp: a.fp - b.fp,
    cleanRuns: a.cleanRuns - b.cleanRuns,
    cleanFlagged: a.cleanFlagged - b.cleanFlagged,
    stops: a.stops - b.stops,
  };
}

/** Enabled detectors: the simpler config wins a tie. */
const cost = (choice: number[]) => choice.reduce((n, k) => n + (k > 0 ? 1 : 0), 0);

/**
 * The selection rule, as a comparison (negative: `a` is better): no stop outside a span, then the
 * higher F1, then fewer false alarms, fewer detectors, then the earlier options (defaults first).
 */
export function better(a: { counts: Counts; choice: number[] }, b: { counts: Counts; choice: number[] }): number {
  const d =
    a.counts.stops - b.counts.stops ||
    (f1Of(b.counts) ?? -1) - (f1Of(a.counts) ?? -1) ||
    a.counts.fp - b.counts.fp ||
    cost(a.choice) - cost(b.choice);
  if (d) return d;
  for (let i = 0; i < a.choice.length; i++) if (a.choice[i] !== b.choice[i]) return a.choice[i] - b.choice[i];
  return 0;
}

export interface Fold {
  heldOut: string;
  choice: number[];
  train: Counts;
  test: Counts;
}

export interface SearchResult {
  /** Chosen on all sources: the config to ship. */
  best: { choice: number[]; counts: Counts[] };
  /** One per held-out source: chosen on the others, scored on it. */
  folds: Fold[];
  pooled: Counts;
  configs: number;
}

/**
 * Enumerates every config allowed by `allow` (per component, per option) and applies the
 * selection rule on all sources and on each leave-one-source-out training set, separately for
 * each key `keyOf` gives a config (one key: one plain search).
 */
export function searchBy(
  s: Searcher,
  allow: (comp: number, opt: number) => boolean,
  keyOf: (choice: number[]) => string,
): Map<string, SearchResult> {
  const allowed = s.grid.map((c, i) => c.options.map((_, k) => k).filter((k) => allow(i, k)));
  const n = s.sources.length;
  const srcOfGroup = s.groups.map((g) => s.sources.indexOf(g.framework));
  interface State {
    best: { choice: number[]; counts: Counts[]; all: Counts } | null;
    folds: ({ choice: number[]; counts: Counts; test: Counts } | null)[];
    configs: number;
  }
  const states = new Map<string, State>();
  const idx = allowed.map(() => 0);
  if (allowed.some((a) => a.length === 0)) return new Map();
  for (;;) {
    const choice = idx.map((k, i) => allowed[i][k]);
    const key = keyOf(choice);
    let st = states.get(key);
    if (!st) states.set(key, (st = { best: null, folds: s.sources.map(() => null), configs: 0 }));
    const per = s.score(choice);
    st.configs++;
    const bySource = s.sources.map((_, f) => sum(per, (g) => srcOfGroup[g] === f));
    const all = sum(bySource);
    if (!st.best || better({ counts: all, choice }, { counts: st.best.all, choice: st.best.choice }) < 0)
      st.best = { choice, counts: per, all };
    for (let f = 0; f < n; f++) {
      const train = minus(all, bySource[f]);
      const cur = st.folds[f];
      if (!cur || better({ counts: train, choice }, cur) < 0) st.folds[f] = { choice, counts: train, test: bySource[f] };
    }
    let i = idx.length - 1;
    while (i >= 0 && ++idx[i] === allowed[i].length) idx[i--] = 0;
    if (i < 0) break;
  }
  return new Map(
    [...states].map(([key, st]) => {
      const folds = st.folds.map((f, i) => ({ heldOut: s.sources[i], choice: f!.choice, train: f!.counts, test: f!.test }));
      return [
        key,
        { best: { choice: st.best!.choice, counts: st.best!.counts }, folds, pooled: sum(folds.map((f) => f.test)), configs: st.configs },
      ];
    }),
  );
}

export function search(s: Searcher, allow: (comp: number, opt: number) => boolean = () => true): SearchResult {
  return searchBy(s, allow, () => '')!.get('')!;
}

/** The detectors a config enables, as a key: `no-progress+same-result`. */
export const structureOf = (s: Searcher, choice: number[]) =>
  s.grid.flatMap((c, i) => (choice[i] ? [c.id] : [])).join('+') || 'none';

/** Only the configs of one structure (exactly these detectors enabled). */
export const inStructure = (s: Searcher, structure: string) => {
  const on = new Set(structure.split('+'));
  return (c: number, k: number) => (on.has(s.grid[c].id) ? k > 0 : k === 0);
};

export interface Derivation {
  /** The chosen structure: best pooled held-out score (the selection rule on pooled counts). */
  structure: string;
  result: SearchResult;
  /** Every structure's search, by key. */
  all: Map<string, SearchResult>;
}

/**
 * The two-level selection: which detectors, by leave-one-source-out (their parameters chosen on
 * the other sources, the held-out scores pooled; ties: fewer premature stops, fewer false alarms,
 * fewer detectors); then that structure's parameters chosen on all sources.
 */
export function derive(s: Searcher): Derivation {
  const all = searchBy(s, () => true, (choice) => structureOf(s, choice));
  const ranked = [...all].sort(
    ([ka, a], [kb, b]) =>
      better({ counts: a.pooled, choice: a.best.choice }, { counts: b.pooled, choice: b.best.choice }) || ka.localeCompare(kb),
  );
  const [structure, result] = ranked[0];
  return { structure, result, all };
}
