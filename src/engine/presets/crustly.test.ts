import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { brief, call, run, transcriptOf } from '../test-util';
import { presetByName } from './index';

const cfg = presetByName('crustly')!;

describe('crustly preset (the Crustly design)', () => {
  it("is a valid config with Crustly's thresholds and buffer", () => {
    expect(validateConfig(structuredClone(cfg))).toEqual(cfg);
    expect(cfg.detectors).toEqual({
      'consecutive-repeat': {
        explorationTools: ['ls', 'glob', 'grep', 'read'],
        explorationThreshold: 10,
        modificationTools: ['write', 'edit', 'bash'],
        modificationThreshold: 2,
        defaultThreshold: 3,
        bufferSize: 15,
        action: 'block',
        signature: 'main-argument',
      },
    });
  });

  // The Crustly design, "Test 3: Modification Safety": the 3rd write of test.rs is blocked, whatever it writes;
  // the log signature is `write:src/config.rs` (tool + main argument).
  it('Test 3: writes of one file with different content: 2 allowed, the 3rd blocked; another file resets', () => {
    const w = (i: number) => call('write', { path: 'test.rs', content: `fn main() { ${i} }` });
    expect(brief(run(transcriptOf([w(1), w(2)]), cfg).events)).toEqual([]);
    const r = run(transcriptOf([w(1), w(2), w(3)]), cfg);
    expect(brief(r.events)).toEqual([[3, 'block', 1]]);
    expect(r.events[0].message).toContain("'write:test.rs' called 2 times in a row");
    expect(brief(run(transcriptOf([w(1), w(2), w(3), w(4)]), cfg).events)).toEqual([
      [3, 'block', 1],
      [4, 'block', 2],
    ]);
    const other = call('write', { path: 'other.rs', content: 'x' });
    expect(run(transcriptOf([w(1), w(2), other, w(3)]), cfg).events).toEqual([]);
  });

  it('triggers: the 3rd identical write and the 11th identical ls are blocked', () => {
    const w = call('write', { path: 'src/config.rs', content: '...' });
    const ls = call('ls', { path: 'src/nonexistent' });
    const r = run(transcriptOf([w, w, w, ...Array.from({ length: 11 }, () => ls)]), cfg);
    expect(brief(r.events)).toEqual([
      [3, 'block', 1],
      [14, 'block', 2],
    ]);
    expect(r.stoppedAt).toBeNull();
  });

  it('does not trigger on deep exploration or on an A→B→A→B oscillation', () => {
    const deep = ['src', 'src/llm', 'src/llm/agent', 'src/tui', 'src/tui/components'].map((p) =>
      call('ls', { path: p }),
    );
    const a = call('read', { path: 'a.rs' });
    const b = call('bash', { command: 'cargo build' });
    expect(run(transcriptOf([...deep, a, b, a, b, a, b, a, b]), cfg).events).toEqual([]);
  });
});
