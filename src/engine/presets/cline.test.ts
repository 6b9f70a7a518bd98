/**
 * `cline` against cline/cline src/core/task/loop-detection.ts @ 592293271eb7762c63239991ab08dfbd57e6e28f:
 * LOOP_DETECTION_SOFT_THRESHOLD = 3 (line 14) and LOOP_DETECTION_HARD_THRESHOLD = 5 (line 15),
 * compared with === (lines 50-51); IGNORED_PARAMS = task_progress (line 19), keys sorted (lines 27-30).
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('cline')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.call, e.action]);
const same = (n: number, progress = false) =>
  Array.from({ length: n }, (_, i) =>
    call('read_file', progress ? { path: 'a.ts', task_progress: `- [x] step ${i}` } : { path: 'a.ts' }, 'x'),
  );

describe('preset cline (loop-detection.ts)', () => {
  it('is identical-streak', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['identical-streak']);
  });
  it('soft threshold 3 (line 14): 2 identical calls nothing, the 3rd warns, the 4th nothing more', () => {
    expect(at(same(2))).toEqual([]);
    expect(at(same(3))).toEqual([[3, 'warn']]);
    expect(at(same(4))).toEqual([[3, 'warn']]);
  });
  it('hard threshold 5 (line 15, ===): stop at the 5th, nothing at the 6th', () => {
    expect(at(same(5))).toEqual([
      [3, 'warn'],
      [5, 'terminate'],
    ]);
    expect(at(same(6))).toEqual([
      [3, 'warn'],
      [5, 'terminate'],
    ]);
  });
  it('task_progress is left out (line 19); key order does not matter (lines 27-30)', () => {
    expect(at(same(3, true))).toEqual([[3, 'warn']]);
    const ab = call('search_files', { path: 'src', regex: 'x' });
    const ba = call('search_files', { regex: 'x', path: 'src' });
    expect(at([ab, ba, ab])).toEqual([[3, 'warn']]);
  });
  it('another call between breaks the streak (line 46: the count starts at 1 again)', () =>
    expect(at([...same(2), call('list_files', { path: '.' }), ...same(2)])).toEqual([]));
});
