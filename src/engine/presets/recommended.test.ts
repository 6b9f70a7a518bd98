import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf } from '../test-util';
import { PRESETS, presetByName } from './index';
import { loadLabelled, score, type Labelled } from './labelled.test-util';

const preset = presetByName('recommended')!;
const seen = (r: ReturnType<typeof replay>) => r.events.map((e) => [e.call ?? e.turn, e.detector, e.action, e.level]);

describe('preset recommended', () => {
  it('is a valid config of six detectors', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual([
      'cycle',
      'same-result',
      'similar-args',
      'summary-loop',
      'content-chanting',
    ]);
  });

  it('triggers: the same failing ls warns from the 4th error, stops at the 7th identical call', () => {
    const ls = failed('ls', { path: 'src/plugins' }, 'ls: cannot access src/plugins: No such file or directory');
    const r = replay(
      transcriptOf([call('read', { path: 'README.md' }, '# App'), ls, ls, ls, ls, ls, ls, ls, ls]),
      preset,
    );
    expect(seen(r)).toEqual([
      [5, 'same-result', 'warn', 1], // 3 earlier identical errors in the window
      [6, 'same-result', 'warn', 2],
      [6, 'cycle', 'warn', 1], // the 5th identical (call, result)
      [7, 'same-result', 'warn', 3],
      [7, 'cycle', 'warn', 2],
      [8, 'same-result', 'warn', 4],
      [8, 'cycle', 'terminate', 3],
      [9, 'same-result', 'warn', 5],
      [9, 'cycle', 'terminate', 4],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 8, call: 8 });
    expect(r.events[0].message).toBe(
      "⚠️ Loop detected (repetitive errors). The result of 'ls' is similar to 3 earlier errors in the window. Consider a different approach or ask the user for help.",
    );
  });

  it('triggers: a search tweaked and still empty (near-identical retries, identical result)', () => {
    const grep = (p: string) => call('grep', { pattern: p, path: 'src' }, '');
    // Pairwise similarity 0.82-0.91 (> 0.8); identical calls would not count.
    const r = replay(
      transcriptOf([grep('retryPolicy'), grep('RetryPolicy'), grep('retrypolicy'), grep('retryPolcy')]),
      preset,
    );
    expect(seen(r)).toEqual([
      [3, 'similar-args', 'warn', 1],
      [4, 'similar-args', 'warn', 2],
    ]);
  });

  it('does not trigger: CI polled with changing output, tests after different edits', () => {
    const items = [];
    for (let i = 0; i < 8; i++) {
      items.push(call('bash', { command: 'sleep 30' }, 'Exit code: 0'));
      // Jobs finish as CI runs: real change. (Only the elapsed time changing is no change: the
      // observation normaliser masks durations, and eight such polls are a wait loop.)
      items.push(call('bash', { command: 'gh run view 4821' }, `run 4821: ${i} of 8 jobs done, in_progress`));
    }
    const suites = ['cart', 'price', 'discount', 'checkout'];
    for (let i = 0; i < 4; i++) {
      items.push(
        call('edit', { path: `src/${suites[i]}.ts`, old: `v${i}`, new: `v${i + 1}` }, `Edited src/${suites[i]}.ts`),
      );
      // Each run fails on what is left: the outputs name different tests.
      const failing = suites
        .slice(i + 1)
        .map((f) => `FAIL src/${f}.test.ts\n  ● ${f} › rounds to cents`)
        .join('\n');
      if (i < 3)
        items.push(
          failed('bash', { command: 'npm test' }, `${failing}\nTests: ${3 - i} failed, ${41 + i} passed\nExit code: 1`),
        );
      else items.push(call('bash', { command: 'npm test' }, 'Tests: 44 passed\nExit code: 0'));
    }
    expect(replay(transcriptOf(items), preset).events).toEqual([]);
  });
});

describe('recommended on the labelled transcripts (samples + fixtures)', () => {
  let set: Labelled[] = [];
  beforeAll(async () => {
    set = await loadLabelled();
  });

  it('holds 22 transcripts, 8 of them legitimate work without a loop', () => {
    expect(set).toHaveLength(22);
    expect(set.filter((l) => l.legit)).toHaveLength(8);
  });

  it('measures F1 1.000: precision 1, recall 1 (14/14 loops), no premature stop, mean latency 2.29 turns', () => {
    const s = score(preset, set);
    expect([s.f1, s.precision, s.recall, s.caught, s.spans, s.fp, s.prematureStops]).toEqual([1, 1, 1, 14, 14, 0, 0]);
    expect(s.meanLatency).toBeCloseTo(2.29, 2);
  });

  it('never stops (nor warns) on the legitimate-work transcripts', () => {
    for (const l of set.filter((x) => x.legit))
      expect([l.file, replay(l.transcript, preset).events]).toEqual([l.file, []]);
  });

  it('has the best F1 of all presets', () => {
    const mine = score(preset, set).f1!;
    for (const p of PRESETS) if (p !== preset) expect([p.name, score(p, set).f1! < mine]).toEqual([p.name, true]);
  });
});
