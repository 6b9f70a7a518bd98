import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { actionHeadline, alarmEventsAt } from './alarm-message';

const ev = (turn: number, action: DetectorEvent['action'], call?: number): DetectorEvent => ({
  turn,
  call,
  detector: 'cycle',
  action,
  level: 1,
  message: `${action} at ${turn}`,
});

describe('the alarm shown in presenter mode', () => {
  const events = [ev(5, 'warn', 5), ev(7, 'warn', 7), ev(7, 'block', 7), ev(7, 'terminate', 8), ev(9, 'warn')];

  it('is every event at the turn at or above the counted action, in engine order', () => {
    expect(alarmEventsAt(events, 7, 'warn').map((e) => e.message)).toEqual([
      'warn at 7',
      'block at 7',
      'terminate at 7',
    ]);
    expect(alarmEventsAt(events, 7, 'block').map((e) => e.message)).toEqual(['block at 7', 'terminate at 7']);
    expect(alarmEventsAt(events, 6, 'warn')).toEqual([]);
  });

  it('says what the agent would get', () => {
    expect(actionHeadline({ action: 'warn', call: 8 })).toBe('The agent would get this message (call 8 still runs):');
    expect(actionHeadline({ action: 'warn' })).toBe('The agent would get this message:');
    expect(actionHeadline({ action: 'block', call: 12 })).toBe(
      "The agent's call 12 would be refused, with this message:",
    );
    expect(actionHeadline({ action: 'terminate', call: 3 })).toBe('The run would stop here, with this message:');
  });
});
