import { describe, expect, it } from 'vitest';
import { shellWord } from './shell';

describe('shell words', () => {
  it('is bare when plain, single-quoted otherwise, ANSI-C quoted with a control character', () => {
    expect(shellWord('run.loop.jsonl')).toBe('run.loop.jsonl');
    expect(shellWord("it's $HOME")).toBe("'it'\\''s $HOME'");
    expect(shellWord("a\nb'\\\x1b]52\u009b")).toBe("$'a\\x0ab\\'\\\\\\x1b]52\\xc2\\x9b'");
  });
});
