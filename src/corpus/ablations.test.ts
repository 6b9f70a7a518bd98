import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/presets/index';
import { recommended } from '../engine/presets/recommended';
import { presetRow, rowsTable, TABLE_END, TABLE_START } from './ablations';
import type { Component } from './grid';
import type { CorpusRun } from './load';
import { readCorpus } from './read-corpus';
import { f1Of, makeSearcher, search, sum } from './search';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const docs = readFileSync(join(root, 'docs/detectors.md'), 'utf8');
const section = docs.slice(docs.indexOf(TABLE_START), docs.indexOf(TABLE_END));
const lastLine = (table: string) => table.split('\n').pop()!;

describe('the corpus table in docs/detectors.md (npm run corpus:table)', () => {
  let runs: CorpusRun[] = [];
  beforeAll(async () => {
    runs = await readCorpus(root);
  });

  it('sits between its markers', () => {
    expect(docs.indexOf(TABLE_START)).toBeGreaterThan(0);
    expect(docs.indexOf(TABLE_END)).toBeGreaterThan(docs.indexOf(TABLE_START));
  });

  it('holds the current score of every other preset (fixed configs: replayed here)', () => {
    for (const p of PRESETS.filter((x) => x !== recommended))
      expect([p.name, section.includes(lastLine(rowsTable([presetRow(p, runs)])))]).toEqual([p.name, true]);
  });

  it("holds recommended's current score on all, real and authored runs: F1 0.92, 36 of 41 spans, 1 false alarm, no clean run flagged, no stop", () => {
    const row = presetRow(recommended, runs);
    expect([f1Of(row.all)?.toFixed(2), row.all.caught, row.all.spans, row.all.fp, row.all.cleanFlagged, row.all.stops]).toEqual(
      ['0.92', 36, 41, 1, 0, 0],
    );
    // Its row without the two held-out cells (those need the whole search).
    const cells = lastLine(rowsTable([{ ...row, name: '**derived (= `recommended`)**' }])).split(' | ').slice(0, -2).join(' | ');
    expect(section).toContain(cells);
  });

  it("the search's shortcut (union of per-detector alarms) scores a config as a replay does", () => {
    const grid: Component[] = Object.entries(recommended.detectors).map(([id, settings]) => ({
      id: id as Component['id'],
      options: [
        { label: 'off', settings: null },
        { label: 'on', settings: settings! },
      ],
    }));
    const s = makeSearcher(grid, runs);
    const row = presetRow(recommended, runs);
    expect(sum(s.score(grid.map(() => 1)))).toEqual(row.all);
    // On is better than off on all sources and in every fold.
    const res = search(s);
    expect(res.best.choice).toEqual([1]);
    expect(res.folds.map((f) => f.choice)).toEqual(s.sources.map(() => [1]));
    expect(res.pooled).toEqual(row.all);
  });

  it('scores recommended above every other preset on all runs, with no premature stop', () => {
    const mine = presetRow(recommended, runs).all;
    expect(mine.stops).toBe(0);
    for (const p of PRESETS.filter((x) => x !== recommended))
      expect([p.name, (f1Of(presetRow(p, runs).all) ?? 0) < f1Of(mine)!]).toEqual([p.name, true]);
  });
});
