import { appendFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FileTail } from './file-tail';
import { tempFile } from './follow.test-util';

const text = (t: FileTail) => new TextDecoder().decode(t.bytes());

describe('FileTail', () => {
  it('reads what is appended, and says why it reads a file again from the start', async () => {
    const path = tempFile('s.jsonl');
    const tail = new FileTail(path);
    writeFileSync(path, 'one\n');
    expect(await tail.poll()).toEqual({ kind: 'changed', reset: undefined });
    expect(await tail.poll()).toEqual({ kind: 'same' });
    appendFileSync(path, 'two\nthr');
    expect(await tail.poll()).toEqual({ kind: 'changed', reset: undefined });
    expect(text(tail)).toBe('one\ntwo\nthr');
    truncateSync(path, 4);
    expect(await tail.poll()).toEqual({ kind: 'changed', reset: 'truncated' });
    expect(text(tail)).toBe('one\n');
    writeFileSync(path, 'ONE\ntwo\nthree\n');
    expect(await tail.poll()).toEqual({ kind: 'changed', reset: 'rewritten' });
    expect(text(tail)).toBe('ONE\ntwo\nthree\n');
    writeFileSync(`${path}.new`, 'ONE\ntwo\nthree\nfour\n');
    renameSync(`${path}.new`, path);
    expect(await tail.poll()).toEqual({ kind: 'changed', reset: 'replaced' });
    expect(text(tail)).toBe('ONE\ntwo\nthree\nfour\n');
    rmSync(path);
    expect(await tail.poll()).toEqual({ kind: 'missing' });
  });

  it('grows past its first buffer without losing a byte', async () => {
    const path = tempFile('big.jsonl');
    const tail = new FileTail(path);
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 3; i++) {
      appendFileSync(path, line.repeat(100));
      await tail.poll();
    }
    expect(tail.bytes().length).toBe(300_000);
    expect(text(tail)).toBe(line.repeat(300));
  });
});
