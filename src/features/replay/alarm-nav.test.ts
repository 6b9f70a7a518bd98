import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { alarmTurns, isAlarmTurn, nextAlarm, previousAlarm } from './alarm-nav';

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
    // In turn order, as a replay gives them.
    const ordered = [ev(3, 'warn'), ev(3, 'block'), ev(9, 'warn'), ev(9, 'warn'), ev(12, 'warn'), ev(14, 'block')];
    expect(alarmTurns(ordered)).toEqual([3, 9, 12, 14]);
    expect(alarmTurns(ordered, 'block')).toEqual([3, 14]);
    expect(alarmTurns([])).toEqual([]);
  });
  it('finds the next and previous alarm strictly after and before the cursor', () => {
    const turns = [3, 9, 14];
    expect([1, 3, 8, 9, 14, 15].map((t) => isAlarmTurn(turns, t))).toEqual([false, true, false, true, true, false]);
    expect(isAlarmTurn([], 1)).toBe(false);
    expect(nextAlarm(turns, 1)).toBe(3);
    expect(nextAlarm(turns, 3)).toBe(9);
    expect(nextAlarm(turns, 14)).toBeNull();
    expect(previousAlarm(turns, 14)).toBe(9);
    expect(previousAlarm(turns, 10)).toBe(9);
    expect(previousAlarm(turns, 3)).toBeNull();
  });
});
