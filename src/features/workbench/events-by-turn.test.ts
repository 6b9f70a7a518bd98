import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { EventsByTurn } from './events-by-turn';

const ev = (turn: number, level: number): DetectorEvent => ({
  turn,
  detector: 'cycle',
  action: 'warn',
  level,
  message: '',
});

describe('events by turn', () => {
  it('gives each turn its events in replay order, the same array each time, none where none fired', () => {
    const events = [ev(2, 1), ev(2, 2), ev(5, 3), ev(9, 4), ev(9, 5), ev(9, 6)];
    const byTurn = new EventsByTurn(events);
    expect(byTurn.get(2)?.map((e) => e.level)).toEqual([1, 2]);
    expect(byTurn.get(9)?.map((e) => e.level)).toEqual([4, 5, 6]);
    expect(byTurn.get(5)?.map((e) => e.level)).toEqual([3]);
    expect(byTurn.get(9)).toBe(byTurn.get(9));
    expect([1, 3, 10].map((t) => byTurn.get(t))).toEqual([undefined, undefined, undefined]);
  });
  it('sorts events given out of turn order, keeping each turn’s order', () => {
    const byTurn = new EventsByTurn([ev(9, 1), ev(2, 2), ev(9, 3)]);
    expect(byTurn.get(9)?.map((e) => e.level)).toEqual([1, 3]);
    expect(byTurn.get(2)?.map((e) => e.level)).toEqual([2]);
  });
});
