import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, summarize, type Metrics } from '../../engine/evaluate';
import { cellValue, exactCell, f1Of, formatCell, PresetTotals, tableRows } from './compare-rows';

const m = (over: Partial<Metrics>) => summarize({ ...emptyMetrics(), transcripts: 1, ...over });
const row = (preset: string, over: Partial<Metrics>): CompareRow => ({ preset, metrics: m(over), stoppedAt: null });

describe('compare cells', () => {
  it('shows counts, latency and F1; — where a count needs labels that are missing', () => {
    const labelled = tableRows(
      [
        row('chatloop', {
          alarms: 4,
          tp: 3,
          fp: 1,
          spans: 2,
          caught: 1,
          missed: 1,
          latencySum: 3,
          latencyCount: 1,
          tokensSaved: 12345,
        }),
      ],
      true,
    )[0];
    expect(cellValue(labelled, 'alarms')).toBe(4);
    expect(cellValue(labelled, 'fp')).toBe(1);
    expect(formatCell('meanLatency', cellValue(labelled, 'meanLatency'))).toBe('3.0');
    expect(formatCell('f1', cellValue(labelled, 'f1'))).toBe('0.60'); // p 0.75, r 0.5
    expect(formatCell('tokensSaved', cellValue(labelled, 'tokensSaved'))).toBe('12.3K');
    expect(exactCell('tokensSaved', cellValue(labelled, 'tokensSaved'))).toBe('12,345');
    expect(exactCell('f1', cellValue(labelled, 'f1'))).toBe('0.600');
    const bare = tableRows([row('chatloop', { alarms: 4, fp: 4, prematureStops: 1, tokensSaved: 10 })], false)[0];
    expect(
      ['alarms', 'caught', 'missed', 'fp', 'prematureStops', 'meanLatency', 'tokensSaved', 'f1'].map((k) =>
        formatCell(k as never, cellValue(bare, k as never)),
      ),
    ).toEqual(['4', '—', '—', '—', '—', '—', '10', '—']);
    expect(exactCell('fp', cellValue(bare, 'fp'))).toBe('needs labels');
  });

  it('F1 is 0 for loops and no alarm, — for no loops', () => {
    expect(f1Of(m({ spans: 1, missed: 1 }))).toBe(0);
    expect(f1Of(m({ alarms: 2, fp: 2 }))).toBeNull();
  });
});

describe('PresetTotals', () => {
  it('adds each preset’s counts across transcripts, then derives ratios', () => {
    const t = new PresetTotals();
    t.add([
      row('a', { alarms: 2, tp: 2, spans: 1, caught: 1, latencySum: 2, latencyCount: 1 }),
      row('b', { alarms: 1, fp: 1, spans: 1, missed: 1 }),
    ]);
    t.add([row('a', { alarms: 1, fp: 1, prematureStops: 1 }), row('b', { alarms: 0 })]);
    const rows = t.rows(true);
    expect(
      rows.map((r) => [
        r.preset,
        r.metrics.transcripts,
        r.metrics.alarms,
        r.metrics.fp,
        r.metrics.caught,
        r.metrics.prematureStops,
        r.metrics.meanLatency,
      ]),
    ).toEqual([
      ['a', 2, 3, 1, 1, 1, 2],
      ['b', 2, 1, 1, 0, 0, null],
    ]);
    expect(rows[0].metrics.precision).toBeCloseTo(2 / 3, 10);
    expect(rows[0].metrics.f1).toBeCloseTo(0.8, 10);
  });
});
