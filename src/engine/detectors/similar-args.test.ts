import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'similar-args': params } });

const read = (path: string) => call('read', { path });
const bash = (command: string) => call('bash', { command });

describe('similar-args (ChatLoop level 3)', () => {
  it('src/main.rs → src/main.ts → src/main.js (pairwise 0.909 > 0.8): the 3rd call fires', () => {
    const r = run(transcriptOf([read('src/main.rs'), read('src/main.ts'), read('src/main.js')]), cfg());
    expect(brief(r.events)).toEqual([[3, 'warn', 1]]);
    expect(r.events[0].message).toBe(
      "⚠️ Loop detected (similar arguments to 'read'). The tool 'read' has been called 3 times with similar arguments. " +
        'Consider a different approach or ask the user for help.',
    );
    expect(r.events[0].pattern).toEqual(['read:{"path":"src/main.js"}']);
  });

  it('"ls" vs "ls -la" scores 0.333: the ChatLoop design\'s formula does not catch it', () => {
    expect(eventsOf(transcriptOf([bash('ls'), bash('ls -la'), bash('ls -l')]), cfg(), 'similar-args')).toEqual([]);
  });

  it('"ls -la" vs "ls -lh" vs "ls -lt" (pairwise 1 - 1/6 = 0.833) fire on the 3rd call', () => {
    expect(
      brief(eventsOf(transcriptOf([bash('ls -la'), bash('ls -lh'), bash('ls -lt')]), cfg(), 'similar-args')),
    ).toEqual([[3, 'warn', 1]]);
  });

  it('similarity exactly 0.8 is not similar (strict >)', () => {
    // length 10, two edits apart pairwise: 1 - 2/10 = 0.8
    const t = transcriptOf([
      call('grep', { q: 'abcdefghij' }),
      call('grep', { q: 'abcdefghXY' }),
      call('grep', { q: 'abcdefghZW' }),
    ]);
    expect(eventsOf(t, cfg(), 'similar-args')).toEqual([]);
    expect(brief(eventsOf(t, cfg({ threshold: 0.79 }), 'similar-args'))).toEqual([[3, 'warn', 1]]);
  });

  it('different tools are never similar; identical calls count as similar', () => {
    const t = transcriptOf([
      read('src/main.rs'),
      call('view', { path: 'src/main.rs' }),
      call('cat', { path: 'src/main.rs' }),
    ]);
    expect(eventsOf(t, cfg(), 'similar-args')).toEqual([]);
    expect(brief(eventsOf(transcriptOf([read('a.rs'), read('a.rs'), read('a.rs')]), cfg(), 'similar-args'))).toEqual([
      [3, 'warn', 1],
    ]);
  });

  it('objects: one matching field of two is 0.5, not similar', () => {
    const w = (content: string) => call('write', { path: 'src/config.rs', content });
    expect(eventsOf(transcriptOf([w('fn a() {}'), w('struct B;'), w('use std::io;')]), cfg(), 'similar-args')).toEqual(
      [],
    );
  });

  it('graduated actions and the window', () => {
    const r = run(transcriptOf(['a.rs', 'b.rs', 'c.rs', 'd.rs', 'e.rs'].map((p) => read('src/' + p))), cfg());
    expect(brief(r.events)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
      [5, 'terminate', 3],
    ]);
    expect(r.events[2].message).toBe(
      "Loop detected: The tool 'read' has been called 5 times with similar arguments. Consider a different approach or ask the user for help.",
    );
    // window 1: only the previous call is compared, never 2 similar ones
    expect(
      eventsOf(
        transcriptOf([read('src/a.rs'), read('src/b.rs'), read('src/c.rs')]),
        cfg({ windowSize: 1 }),
        'similar-args',
      ),
    ).toEqual([]);
  });

  it('no false positives on unrelated calls of the same tool', () => {
    const t = transcriptOf(['README.md', 'src/lib.rs', 'Cargo.toml', 'tests/it.rs', 'docs/a.md'].map(read));
    expect(eventsOf(t, cfg(), 'similar-args')).toEqual([]);
  });

  it('long string arguments (a few KB) are compared exactly: one edit in 3,000 chars is similar', () => {
    const body = Array.from({ length: 300 }, (_, i) => `line ${i}\n`).join('');
    const w = (content: string) => call('write', { path: 'src/big.rs', content });
    const t = transcriptOf([
      w(body),
      w(body.replace('line 7\n', 'line 7!\n')),
      w(body.replace('line 9\n', 'LINE 9\n')),
    ]);
    expect(brief(eventsOf(t, cfg(), 'similar-args'))).toEqual([[3, 'warn', 1]]);
  });
});
