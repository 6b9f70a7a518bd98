import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './url';

describe('URL fragment', () => {
  it('round-trips transcript and turn', () => {
    expect(parseHash(formatHash({ transcriptId: 7, turn: 42 }))).toEqual({ transcriptId: 7, turn: 42 });
    expect(formatHash({ transcriptId: null, turn: 3 })).toBe('#/');
  });
  it('opens the library for an unknown fragment and turn 1 without a turn', () => {
    expect(parseHash('#/settings')).toEqual({ transcriptId: null, turn: 1 });
    expect(parseHash('#/t/3')).toEqual({ transcriptId: 3, turn: 1 });
  });
  it('ignores a ?config= suffix (a share link)', () => {
    expect(parseHash('#/t/4/turn/9?config=eNqrVkrOz0nNVbJSSs7PS8tMBwA')).toEqual({ transcriptId: 4, turn: 9 });
    expect(parseHash('#/t/4?config=x')).toEqual({ transcriptId: 4, turn: 1 });
  });
});
