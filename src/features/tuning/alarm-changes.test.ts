import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { alarmItems } from './alarm-changes';

const ev = (
  turn: number,
  call: number | undefined,
  detector: DetectorEvent['detector'],
  action: DetectorEvent['action'],
): DetectorEvent => ({
  turn,
  call,
  detector,
  action,
  level: 1,
  message: 'm',
});

describe('alarmItems', () => {
  it('sorts by turn and call and says where each alarm is', () => {
    const { items, more } = alarmItems([
      ev(12, 14, 'pattern', 'terminate'),
      ev(3, undefined, 'summary-loop', 'warn'),
      ev(12, 13, 'exact-repeat', 'warn'),
    ]);
    expect(items.map((i) => [i.title, i.where])).toEqual([
      ['Summary loop', 'turn 3 · warn'],
      ['Exact repeat', 'turn 12 · call 13 · warn'],
      ['Repeating pattern', 'turn 12 · call 14 · terminate'],
    ]);
    expect(items[1].key).toBe('exact-repeat|12|13|warn');
    expect(more).toBe(0);
  });

  it('caps the list and counts the rest', () => {
    const many = Array.from({ length: 7 }, (_, i) => ev(i + 1, i + 1, 'exact-repeat', 'warn'));
    const { items, more } = alarmItems(many, 5);
    expect(items.map((i) => i.event.turn)).toEqual([1, 2, 3, 4, 5]);
    expect(more).toBe(2);
  });
});
