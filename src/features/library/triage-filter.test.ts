import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/run-summary';
import { filterRows, formatsOf, logTicks, NO_FILTER, stopCurve, triageBatches, type LibraryRow } from './triage-filter';

function summary(s: Partial<RunSummary>): RunSummary {
  return {
    turns: 10,
    alarms: 0,
    firstAlarm: null,
    stoppedAt: null,
    loopsSeen: 0,
    reached: null,
    warnedAt: null,
    blockedAt: null,
    labelled: false,
    loops: 0,
    caught: 0,
    falseAlarms: 0,
    prematureStop: false,
    f1: null,
    ...s,
  };
}

function row(id: number, title: string, format: string, fileName: string, triage?: Partial<RunSummary>): LibraryRow {
  return {
    id,
    title,
    format,
    fileName,
    turns: 10,
    calls: 10,
    importedAt: id,
    warnings: [],
    ...(triage ? { triage: summary(triage) } : {}),
  };
}

const ROWS: LibraryRow[] = [
  row(1, 'Missing path ls loop', 'loopscope', 'missing-path.loop.jsonl', {
    alarms: 3,
    firstAlarm: 8,
    reached: { action: 'warn', turn: 8 },
    labelled: true,
    loops: 1,
  }),
  row(2, 'Healthy docstrings', 'loopscope', 'healthy.loop.jsonl', { labelled: true }),
  row(3, 'Fix the parser', 'claude-code', 'abc.jsonl', {
    alarms: 19,
    firstAlarm: 4,
    stoppedAt: 10,
    reached: { action: 'terminate', turn: 10 },
  }),
  row(4, 'SWE run', 'swe-agent', '6e44b9.traj', { alarms: 0 }),
  row(5, 'Still computing', 'swe-agent', 'later.traj'),
];
const ids = (rows: LibraryRow[]) => rows.map((r) => r.id);

describe('filterRows', () => {
  it('keeps every row with no filter', () => {
    expect(ids(filterRows(ROWS, NO_FILTER))).toEqual([1, 2, 3, 4, 5]);
  });

  it('searches title, file name and format, case-insensitively, every word', () => {
    expect(ids(filterRows(ROWS, { ...NO_FILTER, text: 'LOOP' }))).toEqual([1, 2]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, text: '.traj' }))).toEqual([4, 5]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, text: 'claude' }))).toEqual([3]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, text: ' path  ls ' }))).toEqual([1]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, text: 'path parser' }))).toEqual([]);
  });

  it('filters by format, alarms, labels and stop; rows not computed yet match no yes/no filter', () => {
    expect(ids(filterRows(ROWS, { ...NO_FILTER, format: 'swe-agent' }))).toEqual([4, 5]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, alarms: 'yes' }))).toEqual([1, 3]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, alarms: 'no' }))).toEqual([2, 4]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, labelled: 'yes' }))).toEqual([1, 2]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, labelled: 'no' }))).toEqual([3, 4]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, reached: 'terminate' }))).toEqual([3]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, reached: 'warn' }))).toEqual([1]);
    // Computed runs with no event at all; a run still being computed is in no group.
    expect(ids(filterRows(ROWS, { ...NO_FILTER, reached: 'nothing' }))).toEqual([2, 4]);
    expect(ids(filterRows(ROWS, { ...NO_FILTER, alarms: 'yes', labelled: 'no', text: 'fix' }))).toEqual([3]);
  });

  it('lists the formats present once each, sorted', () => {
    expect(formatsOf(ROWS)).toEqual(['claude-code', 'loopscope', 'swe-agent']);
  });
});

describe('stopCurve', () => {
  it('counts runs warned, blocked and stopped by each turn where a count grows', () => {
    const curve = stopCurve([
      { warnedAt: 8, blockedAt: null, stoppedAt: null },
      { warnedAt: 4, blockedAt: 6, stoppedAt: 10 },
      { warnedAt: 4, blockedAt: 4, stoppedAt: 4 },
      { warnedAt: null, blockedAt: null, stoppedAt: null },
    ]);
    expect(curve).toEqual([
      { turn: 1, warned: 0, blocked: 0, stopped: 0 },
      { turn: 4, warned: 2, blocked: 1, stopped: 1 },
      { turn: 6, warned: 2, blocked: 2, stopped: 1 },
      { turn: 8, warned: 3, blocked: 2, stopped: 1 },
      { turn: 10, warned: 3, blocked: 2, stopped: 2 },
    ]);
    expect(stopCurve([])).toEqual([{ turn: 1, warned: 0, blocked: 0, stopped: 0 }]);
  });
});

describe('triageBatches', () => {
  it('cuts at maxRuns runs or before maxTurns turns; a run bigger than maxTurns goes alone', () => {
    const runs = [
      { id: 1, turns: 10 },
      { id: 2, turns: 10 },
      { id: 3, turns: 10 },
      { id: 4, turns: 500 },
      { id: 5, turns: 5 },
    ];
    expect(triageBatches(runs, 100, 2)).toEqual([[1, 2], [3], [4], [5]]);
    expect(triageBatches(runs, 1000, 25)).toEqual([[1, 2, 3, 4, 5]]);
    expect(triageBatches([], 1000, 25)).toEqual([]);
  });
});

describe('logTicks', () => {
  it('1-2-5 steps up to the longest run, which ends the axis', () => {
    expect(logTicks(2290)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 2290]);
    expect(logTicks(1000)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
  });
});
