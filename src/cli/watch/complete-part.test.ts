import { describe, expect, it } from 'vitest';
import { completeLength, isJsonLines } from './complete-part';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('the readable part of a file being written', () => {
  it('JSON Lines: up to the last newline, so a line still being written is left out', () => {
    const b = bytes('{"type":"meta"}\n{"type":"user","text":"hi"}\n{"type":"assis');
    expect(isJsonLines(b)).toBe(true);
    expect(completeLength(b, true)).toBe(44);
  });

  it('comment and blank lines before the first record do not decide', () => {
    expect(isJsonLines(bytes('\n// exported\n# by a tool\n{"a":1}\n'))).toBe(true);
    expect(isJsonLines(bytes('\n// exported\n{"a":'))).toBe(undefined);
  });

  it('a document (pretty-printed JSON, Markdown) is read whole', () => {
    const b = bytes('{\n  "history": [\n');
    expect(isJsonLines(b)).toBe(false);
    expect(completeLength(b, false)).toBe(b.length);
    expect(isJsonLines(bytes('# SpecStory\n\n_**User**_\n'))).toBe(false);
  });

  it('until its first line ends, the whole file is the readable part', () => {
    const b = bytes('{"type":"me');
    expect(isJsonLines(b)).toBe(undefined);
    expect(completeLength(b, undefined)).toBe(11);
  });
});
