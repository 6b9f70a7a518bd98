import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, failed, run, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'same-result': params } });

const NOT_FOUND = 'ls: cannot access: No such file or directory';

describe('same-result (ChatLoop level 4)', () => {
  it('different calls failing the same way: the 3rd similar error fires', () => {
    const t = transcriptOf([
      failed('ls', { path: 'src/a' }, NOT_FOUND),
      failed('ls', { path: 'src/b' }, NOT_FOUND),
      failed('glob', { pattern: 'src/c/*' }, NOT_FOUND),
    ]);
    const r = run(t, cfg());
    expect(brief(r.events)).toEqual([[3, 'warn', 1]]);
    expect(r.events[0].message).toBe(
      "⚠️ Loop detected (repetitive errors). The result of 'glob' is similar to 2 earlier errors in the window. " +
        'Consider a different approach or ask the user for help.',
    );
  });

  it('results must agree on isError', () => {
    const t = transcriptOf([
      failed('ls', { path: 'a' }, NOT_FOUND),
      call('ls', { path: 'b' }, NOT_FOUND),
      failed('ls', { path: 'c' }, NOT_FOUND),
    ]);
    expect(eventsOf(t, cfg(), 'same-result')).toEqual([]);
  });

  it('near-identical texts are similar (> 0.9), texts 20% apart are not', () => {
    const base = 'Searching 120 files for "foo"... 0 matches found in src/ (0.04s)';
    const near = (s: string) => call('grep', { pattern: s }, base.replace('"foo"', `"${s}"`));
    expect(brief(eventsOf(transcriptOf([near('foo'), near('fo0'), near('f00')]), cfg(), 'same-result'))).toEqual([
      [3, 'warn', 1],
    ]);
    const far = (i: number) => call('grep', { pattern: String(i) }, base.slice(0, 50) + String(i).repeat(14));
    expect(eventsOf(transcriptOf([far(1), far(2), far(3)]), cfg(), 'same-result')).toEqual([]);
  });

  it('JSON results are compared structurally (key order and spacing do not matter)', () => {
    const t = transcriptOf([
      call('search', { q: 'a' }, '{"results":[],"total":0}'),
      call('search', { q: 'b' }, '{ "total": 0, "results": [] }'),
      call('search', { q: 'c' }, '{"total":0,"results":[]}'),
    ]);
    expect(brief(eventsOf(t, cfg(), 'same-result'))).toEqual([[3, 'warn', 1]]);
    // one field of two differs: 0.5
    const u = transcriptOf([
      call('search', { q: 'a' }, '{"results":["x"],"total":1}'),
      call('search', { q: 'b' }, '{"results":["y"],"total":1}'),
      call('search', { q: 'c' }, '{"results":["z"],"total":1}'),
    ]);
    expect(eventsOf(u, cfg(), 'same-result')).toEqual([]);
  });

  it('empty results are similar to each other (ChatLoop design: both empty → 1.0)', () => {
    const t = transcriptOf([
      call('write', { path: 'a' }, ''),
      call('write', { path: 'b' }, ''),
      call('write', { path: 'c' }, ''),
    ]);
    expect(brief(eventsOf(t, cfg(), 'same-result'))).toEqual([[3, 'warn', 1]]);
  });

  it('calls without a result are skipped and do not enter the window', () => {
    const t = transcriptOf([
      failed('ls', { path: 'a' }, NOT_FOUND),
      call('think', { note: 'x' }),
      call('think', { note: 'y' }),
      failed('ls', { path: 'b' }, NOT_FOUND),
      failed('ls', { path: 'c' }, NOT_FOUND),
    ]);
    expect(brief(eventsOf(t, cfg({ windowSize: 2 }), 'same-result'))).toEqual([[5, 'warn', 1]]);
  });

  it('graduated actions, window of results, singular message', () => {
    const t = transcriptOf([1, 2, 3, 4, 5].map((i) => failed('ls', { path: String(i) }, NOT_FOUND)));
    expect(brief(run(t, cfg()).events)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
      [5, 'terminate', 3],
    ]);
    const one = eventsOf(t, cfg({ windowSize: 1, maxSimilarResults: 1 }), 'same-result');
    expect(brief(one)).toEqual([
      [2, 'warn', 1],
      [3, 'warn', 2],
      [4, 'terminate', 3],
      [5, 'terminate', 4],
    ]);
    expect(one[0].message).toContain('is similar to 1 earlier error in the window');
    expect(eventsOf(t, cfg({ windowSize: 1 }), 'same-result')).toEqual([]);
  });

  it('long results (a few KB) are compared exactly', () => {
    const listing = Array.from({ length: 150 }, (_, i) => `-rw-r--r-- 1 u u ${1000 + i} Nov 22 f${i}.rs`).join('\n');
    const other = Array.from({ length: 150 }, (_, i) => `drwxr-xr-x 2 u u ${4096 * i} Jan 01 d${i}`).join('\n');
    const ls = (p: string, out: string) => call('ls', { path: p }, out);
    const t = transcriptOf([
      ls('a', listing),
      ls('b', other),
      ls('c', listing.replace('f7.rs', 'f7.ts')),
      ls('d', listing.replace('1009', '9999')),
    ]);
    expect(brief(eventsOf(t, cfg(), 'same-result'))).toEqual([[4, 'warn', 1]]);
  });
});
