/** Our options on ChatLoop's levels 3-4 (off by default): near-identical retries, errors only. */
import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf } from '../test-util';

const sim = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'similar-args': params } });
const res = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'same-result': params } });

describe('similar-args: ignoreIdentical, sameResult', () => {
  const a = call('read', { path: 'src/main.rs' }, 'fn main() {}');
  const b = call('read', { path: 'src/main.ts' }, 'fn main() {}');
  const c = call('read', { path: 'src/main.js' }, 'fn main() {}');

  it("defaults are the ChatLoop design's rule: identical calls count, results are not looked at", () => {
    expect(brief(eventsOf(transcriptOf([a, a, a]), sim()))).toEqual([[3, 'warn', 1]]);
    expect(brief(eventsOf(transcriptOf([a, b, call('read', { path: 'src/main.js' }, 'other')]), sim()))).toEqual([
      [3, 'warn', 1],
    ]);
  });

  it('ignoreIdentical: exact repeats do not count, near-identical ones do', () => {
    expect(eventsOf(transcriptOf([a, a, a, a]), sim({ ignoreIdentical: true }))).toEqual([]);
    // b is near-identical to both copies of a; c to a, a and b.
    expect(brief(eventsOf(transcriptOf([a, a, b, c]), sim({ ignoreIdentical: true })))).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
    ]);
    expect(eventsOf(transcriptOf([a, b, b, b]), sim({ ignoreIdentical: true }))).toEqual([]);
  });

  it('sameResult: an earlier similar call counts only with exactly the same result', () => {
    const other = call('read', { path: 'src/main.js' }, 'console.log(1)');
    expect(eventsOf(transcriptOf([a, b, other]), sim({ sameResult: true }))).toEqual([]);
    expect(brief(eventsOf(transcriptOf([a, b, c]), sim({ sameResult: true })))).toEqual([[3, 'warn', 1]]);
    // Same text but one is an error: not the same result. No result at all: never the same.
    const cErr = failed('read', { path: 'src/main.js' }, 'fn main() {}');
    expect(eventsOf(transcriptOf([a, b, cErr]), sim({ sameResult: true }))).toEqual([]);
    const bare = (p: string) => call('read', { path: p });
    expect(
      eventsOf(
        transcriptOf([bare('src/main.rs'), bare('src/main.ts'), bare('src/main.js')]),
        sim({ sameResult: true }),
      ),
    ).toEqual([]);
  });
});

describe('same-result: errorsOnly', () => {
  const okSame = (n: number) => call('bash', { command: `sleep ${n}` }, 'Exit code: 0');
  const errSame = (n: number) =>
    failed('bash', { command: `node app.js --try ${n}` }, "Error: Cannot find module 'yaml'");

  it("off (the ChatLoop design's rule): a repeated success is a repeated result", () => {
    expect(brief(eventsOf(transcriptOf([okSame(1), okSame(2), okSame(3)]), res()))).toEqual([[3, 'warn', 1]]);
  });

  it('on: successes never fire and do not enter the window; the same error does', () => {
    expect(eventsOf(transcriptOf([okSame(1), okSame(2), okSame(3)]), res({ errorsOnly: true }))).toEqual([]);
    const t = transcriptOf([errSame(1), okSame(1), okSame(2), errSame(2), okSame(3), errSame(3)]);
    expect(brief(eventsOf(t, res({ errorsOnly: true })))).toEqual([[6, 'warn', 1]]);
    expect(eventsOf(t, res({ errorsOnly: true }))[0].message).toContain('similar to 2 earlier errors');
  });
});
