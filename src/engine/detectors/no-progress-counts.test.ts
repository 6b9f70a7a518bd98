/**
 * no-progress's messages say true counts: "N times in the last M steps" names the M steps the N
 * occurrences were counted over, so N > M never happens (a run stuck past its window used to read
 * "21 times in the last 20 steps"); checked on a crafted run and on every run of the corpus.
 */
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../corpus/read-corpus';
import { presetByName } from '../presets/index';
import { replay } from '../replay';
import { resolveConfig } from '../config';
import { call, failed, transcriptOf } from '../test-util';
import { resolve } from 'node:path';

const COUNT = /(\d+) times in the last (\d+) steps/;

function counts(messages: string[]): [number, number][] {
  return messages.flatMap((m) => {
    const c = COUNT.exec(m);
    return c ? [[Number(c[1]), Number(c[2])] as [number, number]] : [];
  });
}

describe('no-progress counts', () => {
  it('the same failing test run between reads: each count names the steps it was counted over', () => {
    const items = [];
    for (let i = 0; i < 20; i++) {
      items.push(failed('run_tests', { cmd: 'pytest' }, 'FAILED test_x: AssertionError'));
      if (i % 2) items.push(call('read', { path: `f${i}.py` }, `content ${i}`));
    }
    const r = replay(transcriptOf(items), resolveConfig(presetByName('recommended')!));
    const found = counts(r.events.map((e) => e.message));
    expect(found.slice(0, 5)).toEqual([
      [3, 4],
      [6, 8],
      [8, 11],
      [9, 13],
      [12, 17],
    ]);
    expect(found.filter(([n, m]) => n > m)).toEqual([]);
  });

  it('on every corpus run under recommended', async () => {
    const c = resolveConfig(presetByName('recommended')!);
    const bad: string[] = [];
    let seen = 0;
    for (const { run, source } of await readCorpus(resolve(__dirname, '../../..'))) {
      for (const [n, m] of counts(replay(run, c).events.map((e) => e.message))) {
        seen++;
        if (n > m) bad.push(`${source}: ${n} times in the last ${m} steps`);
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(bad).toEqual([]);
  });
});
