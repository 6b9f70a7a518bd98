import { describe, expect, it } from 'vitest';
import { isAlarmTurn, nextAlarm, previousAlarm } from './alarm-nav';

describe('alarm navigation', () => {
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
