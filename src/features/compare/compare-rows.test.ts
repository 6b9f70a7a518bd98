import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, summarize, type Metrics } from '../../engine/evaluate';
import { BARE_RUN_COLUMNS, cellValue, COLUMNS, exactCell, formatCell, PresetTotals, tableRows } from './compare-rows';

const m = (over: Partial<Metrics>) => summarize({ ...emptyMetrics(), transcripts: 1, ...over });
const row = (preset: string, over: Partial<Metrics>): CompareRow => ({ preset, metrics: m(over), stoppedAt: null });
const texts = (r: ReturnType<typeof tableRows>[number]) => COLUMNS.map((c) => formatCell(c.key, r));

describe('compare cells', () => {
  it('shows counts, latency and event-based F1; — where a count needs labels that are missing', () => {
    const labelled = tableRows(
      [
        row('chatloop', {
          alarms: 4,
          alarmsInSpans: 3,
          alarmsOutsideSpans: 1,
          fp: 1,
          spans: 2,
          caught: 1,
          missed: 1,
          latencySum: 3,
          latencyCount: 1,
          savedTurns: 5,
          savedTurnsWithTokens: 5,
          savedTokenSum: 12345,
        }),
      ],
      true,
    )[0];
    expect(COLUMNS.map((c) => c.key)).toEqual([
      'f1',
      'alarms',
      'caught',
      'missed',
      'fp',
      'cleanFlagged',
      'prematureStops',
      'meanLatency',
      'tokensSaved',
    ]);
    // caught 1, 1 false alarm, 1 missed: precision 1/2, recall 1/2, F1 2·1 / (2 + 1 + 1) = 0.5.
    // (Counting alarms, 3 of 4 true, it used to say 0.60.) No clean transcript: — flagged.
    expect(texts(labelled)).toEqual(['0.50', '4', '1', '1', '1', '—', '0', '3.0', '12.3K']);
    expect(exactCell('tokensSaved', labelled)).toBe('12,345');
    expect(exactCell('f1', labelled)).toBe('0.500');
    expect(exactCell('fp', labelled)).toBe('1 (1 alarms outside loops)');
    expect(exactCell('cleanFlagged', labelled)).toBe('no transcript without a loop');
    const bare = tableRows(
      [
        row('chatloop', {
          alarms: 4,
          fp: 4,
          prematureStops: 1,
          savedTurns: 1,
          savedTurnsWithTokens: 1,
          savedTokenSum: 10,
        }),
      ],
      false,
    )[0];
    expect(texts(bare)).toEqual(['n/a', '4', '—', '—', '—', '—', '—', '—', '10']);
    expect(exactCell('fp', bare)).toBe('needs labels');
    expect(exactCell('cleanFlagged', bare)).toBe('needs labels');
    expect(exactCell('f1', bare)).toBe('needs labels');
  });

  it('a row whose numbers mean nothing on this run is n/a in every cell, with the reason', () => {
    const [r] = tableRows([{ ...row('llm-check', { alarms: 0 }), stoppedAt: null }], true);
    const unknown = { ...r, unknown: 'n/a: no answers' };
    expect(texts(unknown)).toEqual(Array(9).fill('n/a'));
    expect([formatCell('stopAt', unknown), exactCell('alarms', unknown), cellValue(unknown, 'alarms')]).toEqual([
      'n/a',
      'n/a: no answers',
      null,
    ]);
  });

  it('one run without labels: F1 n/a, alarms, the turn it would stop at (— when it would not)', () => {
    const rows = tableRows(
      [
        {
          ...row('stops', { alarms: 3, savedTurns: 2, savedTurnsWithTokens: 2, savedTokenSum: 1500 }),
          stoppedAt: 12345,
        },
        row('warns', { alarms: 2 }),
      ],
      false,
    );
    const bareTexts = (r: (typeof rows)[number]) => BARE_RUN_COLUMNS.map((c) => formatCell(c.key, r));
    expect(BARE_RUN_COLUMNS.map((c) => c.short)).toEqual(['F1', 'Alarms', 'Would stop', 'Tokens saved']);
    expect(bareTexts(rows[0])).toEqual(['n/a', '3', '12,345', '1.5K']);
    expect(bareTexts(rows[1])).toEqual(['n/a', '2', '—', '0']);
    expect([exactCell('stopAt', rows[0]), exactCell('stopAt', rows[1])]).toEqual([
      'stops at turn 12,345',
      'would not stop',
    ]);
  });

  it('clean runs flagged out of clean runs; n/a tokens saved when the saved turns have no counts', () => {
    const r = tableRows(
      [row('p', { transcripts: 3, clean: 3, cleanFlagged: 1, alarms: 2, fp: 2, savedTurns: 4, prematureStops: 1 })],
      true,
    )[0];
    expect(formatCell('cleanFlagged', r)).toBe('1');
    expect(exactCell('cleanFlagged', r)).toBe('1 of 3 transcripts without a loop');
    expect(formatCell('tokensSaved', r)).toBe('n/a');
    expect(exactCell('tokensSaved', r)).toBe('n/a: the turns after the stop have no token counts');
    // No loops in the set: no recall, so no F1.
    expect(formatCell('f1', r)).toBe('—');
  });

  it('F1 is 0 for loops and no alarm, — for no loops', () => {
    const [loops, none] = tableRows([row('a', { spans: 1, missed: 1 }), row('b', { alarms: 2, fp: 2 })], true);
    expect(cellValue(loops, 'f1')).toBe(0);
    expect(cellValue(none, 'f1')).toBeNull();
  });
});

describe('PresetTotals', () => {
  it('adds each preset’s counts across transcripts, then derives ratios', () => {
    const t = new PresetTotals();
    t.add([
      row('a', { alarms: 2, alarmsInSpans: 2, spans: 1, caught: 1, latencySum: 2, latencyCount: 1 }),
      row('b', { alarms: 1, alarmsOutsideSpans: 1, fp: 1, spans: 1, missed: 1 }),
    ]);
    t.add([
      row('a', { alarms: 1, alarmsOutsideSpans: 1, fp: 1, prematureStops: 1, clean: 1, cleanFlagged: 1 }),
      row('b', { alarms: 0, clean: 1 }),
    ]);
    const rows = t.rows(true);
    expect(
      rows.map((r) => [
        r.preset,
        r.metrics.transcripts,
        r.metrics.alarms,
        r.metrics.fp,
        r.metrics.caught,
        r.metrics.clean,
        r.metrics.cleanFlagged,
        r.metrics.prematureStops,
        r.metrics.meanLatency,
      ]),
    ).toEqual([
      ['a', 2, 3, 1, 1, 1, 1, 1, 2],
      ['b', 2, 1, 1, 0, 1, 0, 0, null],
    ]);
    // a: caught 1, 1 false alarm, nothing missed: precision 1/2, recall 1, F1 2 / (2 + 1) = 2/3.
    expect(rows[0].metrics.precision).toBe(0.5);
    expect(rows[0].metrics.f1).toBeCloseTo(2 / 3, 10);
    // b: its one loop missed: F1 0.
    expect(rows[1].metrics.f1).toBe(0);
  });
});

describe('runs without labels', () => {
  it('their counts sit beside the labelled sums; — where the table has none', () => {
    const t = new PresetTotals();
    t.add([row('a', { alarms: 2, spans: 1, caught: 1 })]);
    t.addUnlabelled([{ ...row('a', { alarms: 3 }), stoppedAt: 9 }]);
    t.addUnlabelled([row('a', { alarms: 0 })]);
    const [a] = t.rows(true);
    expect([a.unlabelled, formatCell('uAlarms', a), formatCell('uAlarmed', a), formatCell('uStopped', a)]).toEqual([
      { runs: 2, alarms: 3, alarmed: 1, stopped: 1 },
      '3',
      '1',
      '1',
    ]);
    // The labelled sums hold only the labelled run.
    expect([a.metrics.transcripts, a.metrics.alarms, formatCell('f1', a)]).toEqual([1, 2, '1.00']);
    const [plain] = tableRows([row('a', { alarms: 1 })], true);
    expect([plain.kind, formatCell('uAlarms', plain)]).toEqual(['preset', '—']);
  });
});
