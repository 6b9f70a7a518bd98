import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, failed, run, transcriptOf, type CallSpec } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'consecutive-repeat': params } });
const times = (n: number, c: CallSpec) => Array.from({ length: n }, () => c);

const ls = (path: string) => call('ls', { path });
const LS_HINT = (sig: string, n: number) =>
  `⚠️ Detected tool loop: '${sig}' called ${n} times in a row. Breaking loop.\n` +
  `💡 Hint: The model is stuck trying to access the same path ${n} times. ` +
  "This often means the path doesn't exist or the model is confused about the directory structure.";
const MOD_WARNING = (sig: string, n: number) =>
  `⚠️ Detected tool loop: '${sig}' called ${n} times in a row. Breaking loop.\n` +
  '⚠️ Modification tool loop detected! This could be dangerous. ' +
  `The model tried to modify the same file/run the same command ${n} times.`;

describe('consecutive-repeat (the Crustly design)', () => {
  it('Example 1: deep directory analysis, 10 different ls paths are all allowed', () => {
    const paths = [
      'src',
      'src/llm',
      'src/llm/agent',
      'src/llm/agent/tests',
      'src/llm/provider',
      'src/llm/provider/anthropic',
      'src/llm/tools',
      'src/tui',
      'src/tui/components',
      'src/tui/components/dialogs',
    ];
    expect(eventsOf(transcriptOf(paths.map(ls)), cfg(), 'consecutive-repeat')).toEqual([]);
  });

  it('Example 2: model stuck on the same path, iterations 1-10 allowed, the 11th blocked', () => {
    const r = run(transcriptOf(times(11, ls('src/nonexistent'))), cfg());
    expect(brief(r.events)).toEqual([[11, 'block', 1]]);
    expect(r.events[0].message).toBe(LS_HINT('ls:src/nonexistent', 10));
    expect(r.events[0].pattern).toEqual(['ls:{"path":"src/nonexistent"}']);
    expect(r.stoppedAt).toBeNull();
    expect(eventsOf(transcriptOf(times(10, ls('src/nonexistent'))), cfg(), 'consecutive-repeat')).toEqual([]);
  });

  it('Example 3: dangerous modification loop, the 3rd identical write is blocked', () => {
    const w = call('write', { path: 'src/config.rs', content: '...' });
    const r = run(transcriptOf([w, w, w]), cfg());
    expect(brief(r.events)).toEqual([[3, 'block', 1]]);
    expect(r.events[0].message).toBe(MOD_WARNING('write:src/config.rs', 2));
  });

  it('Test 1 (deep exploration): distinct subdirectories, then one path 10 times, are not blocked; only 10+ in a row is', () => {
    const distinct = [
      'src',
      'src/a',
      'src/a/b',
      'src/a/b/c',
      'src/a/b/c/d',
      'docs',
      'docs/x',
      'tests',
      'tests/y',
      'bin',
    ].map(ls);
    const u = transcriptOf([...distinct, ...times(10, ls('src/a'))]);
    expect(eventsOf(u, cfg(), 'consecutive-repeat')).toEqual([]);
    // 'bin' also ends the distinct list: 10 more make 11 in a row, and only the 11th is blocked
    const t = transcriptOf([...distinct, ...times(10, ls('bin'))]);
    expect(brief(eventsOf(t, cfg(), 'consecutive-repeat'))).toEqual([[20, 'block', 1]]);
    // the same path 15 times but never twice in a row is not a loop for this detector
    const alternating = transcriptOf(Array.from({ length: 30 }, (_, i) => (i % 2 ? ls('src') : ls('docs'))));
    expect(eventsOf(alternating, cfg(), 'consecutive-repeat')).toEqual([]);
  });

  it('Test 2 (true loop detection): ls of a nonexistent path fails 10 times, the 11th attempt is blocked with the hint', () => {
    const attempt = failed('ls', { path: './nonexistent/path' }, 'ls: ./nonexistent/path: No such file or directory');
    const r = run(transcriptOf(times(12, attempt)), cfg());
    expect(brief(r.events)).toEqual([
      [11, 'block', 1],
      [12, 'block', 2],
    ]);
    expect(r.events[0].message).toBe(LS_HINT('ls:./nonexistent/path', 10));
    expect(r.events[1].message).toBe(LS_HINT('ls:./nonexistent/path', 11));
  });

  it('Test 3 (modification safety): write test.rs twice is allowed, the 3rd time is blocked with the warning', () => {
    const w = call('write', { path: 'test.rs', content: 'fn main() {}' });
    expect(eventsOf(transcriptOf([w, w]), cfg(), 'consecutive-repeat')).toEqual([]);
    const ev = eventsOf(transcriptOf([w, w, w]), cfg(), 'consecutive-repeat');
    expect(brief(ev)).toEqual([[3, 'block', 1]]);
    expect(ev[0].message).toBe(MOD_WARNING('write:test.rs', 2));
  });

  it('bash is a modification tool; other tools are blocked at the 4th identical call, without a hint', () => {
    const b = call('bash', { command: 'cargo test' });
    expect(brief(eventsOf(transcriptOf([b, b, b]), cfg(), 'consecutive-repeat'))).toEqual([[3, 'block', 1]]);
    const f = call('web_fetch', { url: 'https://example.com' });
    const ev = eventsOf(transcriptOf(times(4, f)), cfg(), 'consecutive-repeat');
    expect(brief(ev)).toEqual([[4, 'block', 1]]);
    expect(ev[0].message).toBe(
      "⚠️ Detected tool loop: 'web_fetch:https://example.com' called 3 times in a row. Breaking loop.",
    );
  });

  it('a different call in between resets the run; different arguments are different calls', () => {
    const w = call('edit', { path: 'a.rs', old: 'x', new: 'y' });
    expect(eventsOf(transcriptOf([w, w, ls('src'), w, w]), cfg(), 'consecutive-repeat')).toEqual([]);
    const e2 = call('edit', { path: 'a.rs', old: 'x', new: 'z' });
    expect(eventsOf(transcriptOf([w, w, e2, e2]), cfg(), 'consecutive-repeat')).toEqual([]);
    // Crustly's own signature, tool + main argument (the Crustly design's log `write:src/config.rs`): the
    // edits of a.rs are one call whatever they replace, so the 3rd in a row is blocked.
    const main = cfg({ signature: 'main-argument' });
    expect(brief(eventsOf(transcriptOf([w, w, e2, e2]), main, 'consecutive-repeat'))).toEqual([
      [3, 'block', 1],
      [4, 'block', 2],
    ]);
  });

  it('categories are configurable by tool name, matched in any case', () => {
    const list = call('list_directory', { path: 'src' });
    expect(brief(eventsOf(transcriptOf(times(4, list)), cfg(), 'consecutive-repeat'))).toEqual([[4, 'block', 1]]);
    const explore = cfg({ explorationTools: ['list_directory'] });
    expect(brief(eventsOf(transcriptOf(times(11, list)), explore, 'consecutive-repeat'))).toEqual([[11, 'block', 1]]);
    const Bash = call('Bash', { command: 'make' });
    expect(brief(eventsOf(transcriptOf(times(3, Bash)), cfg(), 'consecutive-repeat'))).toEqual([[3, 'block', 1]]);
  });

  it('the buffer bounds the memory: a threshold above bufferSize is never reached', () => {
    const t = transcriptOf(times(30, ls('src')));
    expect(eventsOf(t, cfg({ explorationThreshold: 16 }), 'consecutive-repeat')).toEqual([]);
    expect(brief(eventsOf(t, cfg({ explorationThreshold: 15 }), 'consecutive-repeat'))[0]).toEqual([16, 'block', 1]);
    // the message never counts beyond the buffer
    expect(eventsOf(t, cfg(), 'consecutive-repeat').at(-1)!.message).toContain('called 15 times in a row');
  });

  it("action 'terminate' (Crustly's code: break the agent loop) stops the run", () => {
    const r = run(transcriptOf(times(12, ls('x'))), cfg({ action: 'terminate' }));
    expect(brief(r.events)).toEqual([
      [11, 'terminate', 1],
      [12, 'terminate', 2],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 11, call: 11 });
  });
});
