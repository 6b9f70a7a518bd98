import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { alarmTurns, nextAlarm, previousAlarm } from './alarm-nav';

const ev = (turn: number, action: DetectorEvent['action']): DetectorEvent => ({
  turn,
  detector: 'cycle',
  action,
  level: 1,
  message: '',
});

describe('alarm navigation', () => {
  const events = [ev(9, 'warn'), ev(3, 'block'), ev(9, 'terminate'), ev(14, 'warn')];
  it('lists each alarm turn once, ascending, at or above the counted action', () => {
    expect(alarmTurns(events)).toEqual([3, 9, 14]);
    expect(alarmTurns(events, 'block')).toEqual([3, 9]);
    expect(alarmTurns(events, 'terminate')).toEqual([9]);
  });
  it('finds the next and previous alarm strictly after and before the cursor', () => {
    const turns = [3, 9, 14];
    expect(nextAlarm(turns, 1)).toBe(3);
    expect(nextAlarm(turns, 3)).toBe(9);
    expect(nextAlarm(turns, 14)).toBeNull();
    expect(previousAlarm(turns, 14)).toBe(9);
    expect(previousAlarm(turns, 10)).toBe(9);
    expect(previousAlarm(turns, 3)).toBeNull();
  });
});
