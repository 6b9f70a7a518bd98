/** Leave-one-source-out picks on the other sources only, and the counts add up per source. */
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import type { Transcript } from '../model/transcript';
import type { CorpusRun } from './load';
import { leaveOneSourceOut, pooledHoldOut, scoreAll, scoreSubset } from './score';

function run(framework: string, names: string[], loop?: [number, number]): CorpusRun {
  const t: Transcript = {
    title: framework,
    format: 'loopscope-jsonl',
    turns: names.map((name, i) => ({ index: i + 1, text: '', calls: [{ index: i + 1, name, args: { path: 'x' }, result: { content: 'same', isError: false } }] })),
    labels: loop ? [{ startTurn: loop[0], endTurn: loop[1], kind: 'loop' }] : [],
    judge: [],
  };
  return { source: `corpus/authored/${framework}/r`, transcript: '1', framework, origin: 'authored', run: t };
}

// `eager` warns on the 2nd identical call, `lazy` on the 5th: a 4-call loop is caught only by eager.
const eager: EngineConfig = { name: 'eager', detectors: { 'exact-repeat': { maxDuplicates: 1, windowSize: 10 } } };
const lazy: EngineConfig = { name: 'lazy', detectors: { 'exact-repeat': { maxDuplicates: 4, windowSize: 10 } } };

describe('corpus scoring', () => {
  const runs = [
    run('a', ['ls', 'cat', 'cat', 'cat', 'cat'], [3, 5]),
    run('b', ['ls', 'cat', 'cat', 'cat', 'cat'], [3, 5]),
    run('c', ['ls', 'cat', 'grep', 'sed']),
  ];
  const table = scoreAll([lazy, eager], runs);

  it('sums spans, caught and clean runs per source', () => {
    const s = scoreSubset(table, 'eager', runs, (r) => r.framework !== 'c');
    expect([s.runs, s.spans, s.caught, s.cleanRuns, s.prematureStops, s.f1]).toEqual([2, 2, 2, 0, 0, 1]);
    const c = scoreSubset(table, 'lazy', runs, (r) => r.framework === 'c');
    expect([c.runs, c.spans, c.cleanRuns, c.cleanFlagged, c.f1]).toEqual([1, 0, 1, 0, null]);
  });

  it('chooses each fold’s preset on the other sources and scores it on the held-out one', () => {
    const folds = leaveOneSourceOut(table, runs);
    expect(folds.map((h) => [h.heldOut, h.chosen, h.trainF1, h.score.caught, h.score.spans])).toEqual([
      ['a', 'eager', 1, 1, 1],
      ['b', 'eager', 1, 1, 1],
      ['c', 'eager', 1, 0, 0],
    ]);
    const pooled = pooledHoldOut(table, runs, folds);
    expect([pooled.caught, pooled.spans, pooled.cleanFlagged, pooled.f1]).toEqual([2, 2, 0, 1]);
  });
});
