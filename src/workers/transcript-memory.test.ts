/** The triage's transcripts in memory: least recently used first out, by size; one import per run. */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../model/transcript';
import { TranscriptMemory, transcriptChars } from './transcript-memory';

function run(title: string, args: string, result: string): Transcript {
  return {
    title,
    format: 'loopscope-jsonl',
    turns: [
      {
        index: 1,
        text: 'hi',
        calls: [{ index: 1, name: 'ls', args: { path: args }, result: { content: result, isError: false } }],
      },
    ],
    labels: [],
    judge: [],
  } as unknown as Transcript;
}

describe('TranscriptMemory', () => {
  it('estimates a run by its strings and a little per object', () => {
    // title 1 + 16; turn 16 + text 2; call 32 + name 2 + args as approxChars sizes them
    // ({} 2 + "path" 4 + 3 + 10); result 16 + 20
    expect(transcriptChars(run('a', 'x'.repeat(10), 'y'.repeat(20)))).toBe(124);
  });

  it('drops the least recently used runs when over its bound in characters', () => {
    const m = new TranscriptMemory(100);
    m.set(1, 10, run('one', '', ''), 40);
    m.set(2, 20, run('two', '', ''), 40);
    expect(m.get(1, 10)?.title).toBe('one'); // 1 is now the most recently used
    m.set(3, 30, run('three', '', ''), 40); // 120 > 100: 2 goes
    expect(m.ids()).toEqual([1, 3]);
    expect(m.chars).toBe(80);
    m.set(4, 40, run('big', '', ''), 101); // bigger than the bound: not kept, nothing evicted
    expect(m.ids()).toEqual([1, 3]);
    m.set(5, 50, run('five', '', ''), 90); // evicts both
    expect([m.ids(), m.chars]).toEqual([[5], 90]);
  });

  it('a run asked for under another import time is dropped; keepOnly drops deleted runs', () => {
    const m = new TranscriptMemory(1000);
    m.set(1, 10, run('one', '', ''), 10);
    m.set(2, 20, run('two', '', ''), 20);
    m.set(3, 30, run('three', '', ''), 30);
    expect(m.get(1, 11)).toBeUndefined();
    expect([m.ids(), m.chars]).toEqual([[2, 3], 50]);
    m.keepOnly(new Set([3]));
    expect([m.ids(), m.chars]).toEqual([[3], 30]);
    m.delete(3);
    expect([m.size, m.chars]).toEqual([0, 0]);
  });
});
