/** The `ignoreTextualCalls` switch: the same transcript fires with it off and stays quiet with it on. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from '../import/loopscope-jsonl';
import { sourceFromText } from '../import/source';
import { ConfigError, validateConfig, type EngineConfig } from './config';
import { replay } from './replay';
import { ReplaySession } from './replay-session';

// Three turns that write `execute_bash ls -la` as text, with "Please continue." between them.
const FIXTURE = readFileSync(new URL('../import/fixtures/inferred-textual.loop.jsonl', import.meta.url), 'utf8');

async function load() {
  return (await parseLoopscopeJsonl(sourceFromText('f.loop.jsonl', FIXTURE))).transcripts[0];
}

const exactRepeat = (ignoreTextualCalls?: boolean): EngineConfig => ({
  ignoreTextualCalls,
  detectors: { 'exact-repeat': { enabled: true, windowSize: 10, maxDuplicates: 2 } },
});

describe('ignoreTextualCalls', () => {
  it('text-written calls are seen by default and ignored when the switch is on', async () => {
    const t = await load();
    const off = replay(t, exactRepeat());
    expect(off.events.map((e) => [e.detector, e.turn, e.call])).toEqual([['exact-repeat', 7, 7]]);
    expect(off.calls).toBe(8);
    const on = replay(t, exactRepeat(true));
    expect(on.events).toEqual([]);
    expect(on.calls).toBe(5);
  });

  it('a text-written call turn counts as text-only when ignored (summary loop)', async () => {
    const t = await load();
    const config = (ignoreTextualCalls: boolean): EngineConfig => ({
      ignoreTextualCalls,
      detectors: { 'summary-loop': { enabled: true, threshold: 3, resetOnUserMessage: false } },
    });
    expect(replay(t, config(false)).events).toEqual([]);
    expect(replay(t, config(true)).events.map((e) => e.turn)).toEqual([7]);
  });

  it('the workbench session gives exactly what replay gives, both ways', async () => {
    const t = await load();
    const session = new ReplaySession(t);
    for (const ignore of [false, true, false])
      expect(session.run(exactRepeat(ignore))).toEqual(replay(t, exactRepeat(ignore)));
  });

  it('is validated as a boolean', () => {
    expect(validateConfig({ ignoreTextualCalls: true, detectors: {} }).ignoreTextualCalls).toBe(true);
    expect(() => validateConfig({ ignoreTextualCalls: 'yes', detectors: {} })).toThrow(
      new ConfigError('ignoreTextualCalls', 'must be true or false'),
    );
  });
});
