import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf } from '../test-util';
import { presetByName } from './index';
import { loadLabelled, score, type Labelled } from './labelled.test-util';

const preset = presetByName('recommended')!;
const seen = (r: ReturnType<typeof replay>) => r.events.map((e) => [e.call ?? e.turn, e.detector, e.action, e.level]);

describe('preset recommended', () => {
  it('is a valid config of one detector that only warns', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['no-progress']);
    expect(Object.values(preset.detectors).map((d) => d.actions)).toEqual([['warn']]);
  });

  it('triggers: the same failing cd, only the shell line number changing, warns from the 3rd copy', () => {
    const cd = (line: number) =>
      failed(
        'bash',
        { command: 'cd fastjson/ && mvn -q test' },
        `/bin/bash: line ${line}: cd: fastjson/: No such file or directory`,
      );
    const r = replay(
      transcriptOf([call('ls', {}, 'pom.xml\nsrc'), cd(11301), cd(11316), cd(11331), cd(11346), cd(11361)]),
      preset,
    );
    // The 3rd copy is the 3rd occurrence (recurrence 3); copies 4 and 5 are the same loop, which
    // the k rule would announce again only at its next k steps.
    expect(seen(r)).toEqual([[4, 'no-progress', 'warn', 1]]);
    expect(r.stoppedAt).toBeNull();
    expect(r.events[0].message).toBe(
      '⚠️ No progress: the same step (or the same error, or the same failed edit) 3 times in the last 4 steps, with no new change between:\n' +
        '  1. bash({"command":"cd fastjson/ && mvn -q test"})\n' +
        'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.',
    );
  });

  it('triggers: prose sent as a shell command, different text each time, the same error', () => {
    const prose = (s: string) => failed('bash', { command: s }, `bash: ${s.split(' ')[0]}: command not found`);
    const r = replay(
      transcriptOf([
        prose('Let me look at the tests'),
        prose('Let me check the config'),
        prose('Let me run the build'),
      ]),
      preset,
    );
    // `Let` is the command each time: the masked error is the same, so steps 2 and 3 are no progress.
    expect(seen(r)).toEqual([[3, 'no-progress', 'warn', 1]]);
  });

  it('triggers: a 3-step search cycle with identical results, at the first step of its 3rd round', () => {
    const round = [
      call('open', { path: 'src/Cache.java' }, '[File: src/Cache.java (120 lines total)]\n1:package app;'),
      call('search_file', { term: 'evict' }, 'Found 2 matches for "evict" in src/Cache.java: 44, 87'),
      call('goto', { line: 44 }, '44:    void evict(Key k) {'),
    ];
    const r = replay(transcriptOf([...round, ...round, ...round]), preset);
    // The 3rd `open` is the 3rd occurrence (recurrence 3); the k rule (4 steps covering 3
    // rounds) would wait for the end of the 3rd round, and does not announce the same run again.
    expect(seen(r)).toEqual([[7, 'no-progress', 'warn', 1]]);
  });

  it('does not trigger: ls deeper, scroll_down x3, consecutive regions, CI polled with changing output, tests after different edits', () => {
    const items = [
      call('ls', { path: 'src' }, 'main'),
      call('ls', { path: 'src/main' }, 'java'),
      call('ls', { path: 'src/main/java' }, 'com'),
      call('scroll_down', {}, '(100 more lines above)\n101: a'),
      call('scroll_down', {}, '(200 more lines above)\n201: b'),
      call('scroll_down', {}, '(300 more lines above)\n301: c'),
      call('view', { path: 'a.py', view_range: [1, 50] }, '1: import os'),
      call('view', { path: 'a.py', view_range: [51, 100] }, '51: def main():'),
    ];
    for (let i = 0; i < 4; i++) {
      items.push(call('bash', { command: 'sleep 30' }, 'Exit code: 0'));
      items.push(call('bash', { command: 'gh run view 4821' }, `run 4821: ${i * 2} of 8 jobs done, in_progress`));
    }
    const suites = ['cart', 'price', 'discount', 'checkout'];
    for (let i = 0; i < 4; i++) {
      items.push(
        call('edit', { path: `src/${suites[i]}.ts`, old: `v${i}`, new: `v${i + 1}` }, `Edited src/${suites[i]}.ts`),
      );
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

describe('recommended on the older labelled transcripts (samples + fixtures)', () => {
  let set: Labelled[] = [];
  beforeAll(async () => {
    set = await loadLabelled();
  });

  it('holds 22 transcripts, 8 of them legitimate work without a loop', () => {
    expect(set).toHaveLength(22);
    expect(set.filter((l) => l.legit)).toHaveLength(8);
  });

  // Written for the older preset: recommended is now chosen on the corpus (docs/corpus.md, where
  // src/corpus/ablations.test.ts pins that it beats every other preset), and this set pins what it
  // does here: F1 2·10 / (2·10 + 3 + 4) = 0.741. doom-loop scores higher on this set, which was
  // written for the tests; the corpus of real and authored runs decides.
  it('catches 10 of 14 loops with 3 false alarms, flags 1 of 8 clean runs, no premature stop', () => {
    const s = score(preset, set);
    expect([s.caught, s.spans, s.fp, s.cleanFlagged, s.prematureStops]).toEqual([10, 14, 3, 1, 0]);
    expect(s.f1).toBeCloseTo(0.741, 3);
  });

  it('never stops a run', () => {
    for (const l of set) expect([l.file, replay(l.transcript, preset).stoppedAt]).toEqual([l.file, null]);
  });
});
