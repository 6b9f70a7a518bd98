import { describe, expect, it } from 'vitest';
import type { JudgeCheck } from '../../engine/types';
import { checkRows } from './chart-data';
import { checkSeries, withSeriesKeys } from './check-series';

const c = (
  turn: number,
  model: 'flash' | 'pro',
  confidence: number | null,
  source: JudgeCheck['source'],
  notAsked = false,
): JudgeCheck => ({
  turn,
  model,
  confidence,
  nextInterval: 3,
  source,
  ...(notAsked ? { notAsked: true as const } : {}),
});

describe('judge chart series', () => {
  it('live and recorded answers are separate series with their own shape and legend name', () => {
    const rows = checkRows(
      [
        c(30, 'flash', 0.2, 'recorded'),
        c(33, 'flash', 0.95, 'openai-compatible'),
        c(33, 'pro', 0.97, 'openai-compatible'),
      ],
      40,
    );
    expect(checkSeries(rows).map((s) => [s.name, s.shape, s.color])).toEqual([
      ['flash (recorded)', 'circle', '#2563eb'],
      ['flash (live)', 'star', '#2563eb'],
      ['pro (live)', 'star', '#7c3aed'],
    ]);
    expect(
      withSeriesKeys(rows).map((r) => [r.turn, r.flash_recorded, r.flash_openaicompatible, r.pro_openaicompatible]),
    ).toEqual([
      [30, 0.2, undefined, undefined],
      [33, undefined, 0.95, 0.97],
      [40, undefined, undefined, undefined],
    ]);
  });

  it('a check never asked is marked apart from an unavailable model', () => {
    const rows = checkRows(
      [c(30, 'flash', null, 'openai-compatible', true), c(33, 'flash', null, 'openai-compatible')],
      33,
    );
    expect(rows.map((r) => [r.turn, r.notAsked, r.notAskedModels, r.unavailable, r.unavailableModels])).toEqual([
      [30, 0, 'flash', null, ''],
      [33, undefined, undefined, 0, 'flash'],
    ]);
    expect(checkSeries(rows)).toEqual([]);
  });
});
