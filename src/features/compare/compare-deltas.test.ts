import { describe, expect, it } from 'vitest';
import { emptyMetrics, summarize, type Metrics } from '../../engine/evaluate';
import { presetByName } from '../../engine/presets/index';
import { baseRow, columnDelta, rowDeltas } from './compare-deltas';
import { COLUMNS, formatCell, UNLABELLED_COLUMNS, type CompareTableRow } from './compare-rows';
import { extraRows } from './extra-rows';

const m = (over: Partial<Metrics>) => summarize({ ...emptyMetrics(), transcripts: 1, ...over });
const KEYS = [...COLUMNS, ...UNLABELLED_COLUMNS].map((c) => c.key);

// chatloop: 2 loops, 1 caught, 3 false alarms: precision 1/4, recall 1/2, F1 2·1 / (2 + 3 + 1) = 0.333.
const chatloop: CompareTableRow = {
  preset: 'chatloop',
  kind: 'preset',
  labelled: true,
  metrics: m({
    alarms: 10,
    spans: 2,
    caught: 1,
    missed: 1,
    fp: 3,
    latencySum: 4,
    latencyCount: 1,
    savedTurns: 2,
    savedTurnsWithTokens: 2,
    savedTokenSum: 20000,
  }),
  unlabelled: { runs: 4, alarms: 9, alarmed: 3, stopped: 2 },
};
// Your config from chatloop: both loops caught, 0 false alarms: F1 1; latency (4 + 2) / 2 = 3.
const yours: CompareTableRow = {
  preset: 'Your config',
  kind: 'yours',
  basedOn: 'chatloop',
  labelled: true,
  metrics: m({
    alarms: 7,
    spans: 2,
    caught: 2,
    fp: 0,
    latencySum: 6,
    latencyCount: 2,
    savedTurns: 1,
    savedTurnsWithTokens: 1,
    savedTokenSum: 7700,
  }),
  unlabelled: { runs: 4, alarms: 9, alarmed: 2, stopped: 2 },
};

describe('deltas against the preset a config started from', () => {
  it('signed as the cell shows them, toned by whether the change is good, none where nothing changed', () => {
    const d = rowDeltas(yours, [chatloop, yours], KEYS);
    expect(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, `${v.text} ${v.tone}`]))).toEqual({
      f1: '+0.67 better',
      alarms: '−3 neutral',
      caught: '+1 better',
      missed: '−1 better',
      fp: '−3 better',
      meanLatency: '−1.0 better',
      tokensSaved: '−12.3K worse',
      uAlarmed: '−1 neutral',
    });
    expect(d.f1?.value).toBeCloseTo(2 / 3, 10);
    // The cells themselves: 1.00 and 0.33.
    expect([formatCell('f1', yours), formatCell('f1', chatloop)]).toEqual(['1.00', '0.33']);
  });

  it('no deltas for presets, for a config whose base is not in the table, or where a value is missing', () => {
    expect(rowDeltas(chatloop, [chatloop, yours], KEYS)).toEqual({});
    expect(baseRow(yours, [yours])).toBeUndefined();
    const bare = { ...yours, labelled: false };
    // Without labels F1 is —: no delta; alarms still compare.
    expect(columnDelta('f1', bare, chatloop)).toBeNull();
    expect(columnDelta('alarms', bare, chatloop)?.text).toBe('−3');
    // A change under the cell's precision is no change: 0.333 vs 0.334 both show 0.33.
    const near = {
      ...chatloop,
      kind: 'yours' as const,
      basedOn: 'chatloop',
      metrics: { ...chatloop.metrics, f1: 0.334 },
    };
    expect(columnDelta('f1', near, chatloop)).toBeNull();
  });
});

describe('extraRows', () => {
  it('your config and each saved config, by row name, with the preset each started from', () => {
    const doom = presetByName('doom-loop')!;
    const x = extraRows(presetByName('chatloop')!, 'chatloop', [
      { name: 'strict', config: { ...doom, basedOn: 'doom-loop' } },
      { name: 'odd', config: { ...doom, basedOn: 'gone-preset' } },
    ]);
    expect(x.configs.map((c) => c.name)).toEqual(['Your config', 'Saved: strict', 'Saved: odd']);
    // Your config is chatloop exactly; strict is doom-loop exactly; odd has no preset to differ from.
    expect([...x.info]).toEqual([
      ['Your config', { kind: 'yours', basedOn: 'chatloop', changes: [] }],
      ['Saved: strict', { kind: 'saved', basedOn: 'doom-loop', changes: [] }],
      ['Saved: odd', { kind: 'saved', basedOn: undefined, changes: undefined }],
    ]);
    const tuned = structuredClone(presetByName('chatloop')!);
    tuned.detectors['exact-repeat'] = { ...tuned.detectors['exact-repeat'], maxDuplicates: 4 };
    tuned.detectors.cycle = { ...tuned.detectors.cycle, enabled: true };
    expect(extraRows(tuned, 'chatloop', []).info.get('Your config')?.changes).toEqual([
      'exact-repeat.maxDuplicates: 2 → 4',
      'cycle.enabled: false → true',
    ]);
    // The key follows the configs: the same configs, the same key; another base, another key.
    expect(extraRows(presetByName('chatloop')!, 'chatloop', []).key).toBe(
      extraRows(structuredClone(presetByName('chatloop')!), 'chatloop', []).key,
    );
    expect(extraRows(presetByName('chatloop')!, 'doom-loop', []).key).not.toBe(
      extraRows(presetByName('chatloop')!, 'chatloop', []).key,
    );
  });
});
