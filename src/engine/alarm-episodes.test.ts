import { describe, expect, it } from 'vitest';
import { alarmCounts, alarmEpisodes, alarmTurns, loopsSeen } from './alarm-episodes';
import type { DetectorEvent } from './types';

const ev = (
  turn: number,
  detector: DetectorEvent['detector'],
  action: DetectorEvent['action'] = 'warn',
): DetectorEvent => ({
  turn,
  detector,
  action,
  level: 1,
  message: '',
});

describe('alarm episodes: one loop reads as one', () => {
  it("a stuck run's alarm every 4 turns is one episode, not 24 ticks", () => {
    const events = Array.from({ length: 24 }, (_, i) => ev(10 + 4 * i, 'no-progress'));
    expect(alarmEpisodes(events, 'warn')).toEqual([
      { detector: 'no-progress', startTurn: 10, endTurn: 102, alarms: 24, action: 'warn' },
    ]);
  });

  it('a gap wider than 10 turns starts a new episode; each detector has its own', () => {
    const events = [
      ev(5, 'cycle'),
      ev(8, 'no-progress'),
      ev(15, 'cycle'),
      ev(26, 'cycle', 'terminate'),
      ev(40, 'no-progress'),
    ];
    expect(alarmEpisodes(events, 'warn')).toEqual([
      { detector: 'cycle', startTurn: 5, endTurn: 15, alarms: 2, action: 'warn' },
      { detector: 'no-progress', startTurn: 8, endTurn: 8, alarms: 1, action: 'warn' },
      { detector: 'cycle', startTurn: 26, endTurn: 26, alarms: 1, action: 'terminate' },
      { detector: 'no-progress', startTurn: 40, endTurn: 40, alarms: 1, action: 'warn' },
    ]);
  });

  it('counts only alarms at or above the counted action', () => {
    expect(alarmEpisodes([ev(3, 'cycle'), ev(4, 'cycle', 'block')], 'block')).toEqual([
      { detector: 'cycle', startTurn: 4, endTurn: 4, alarms: 1, action: 'block' },
    ]);
  });

  it('loops seen merge the episodes of several detectors on one loop', () => {
    const episodes = alarmEpisodes(
      [ev(5, 'cycle'), ev(8, 'no-progress'), ev(15, 'cycle'), ev(26, 'cycle'), ev(40, 'no-progress')],
      'warn',
    );
    expect(loopsSeen(episodes)).toEqual([
      { startTurn: 5, endTurn: 15 },
      { startTurn: 26, endTurn: 26 },
      { startTurn: 40, endTurn: 40 },
    ]);
    expect(loopsSeen([])).toEqual([]);
  });
});

describe('alarmCounts', () => {
  // Two cycle alarms 3 turns apart are one loop; a block 30 turns later is another; the earlier
  // warn below the counted action is no alarm at block.
  const events = [ev(5, 'cycle'), ev(8, 'cycle'), ev(38, 'no-progress', 'block')];

  it('counts 3 alarms in 2 loops at warn', () => {
    expect(alarmCounts(events, 'warn')).toEqual({ alarms: 3, loopsSeen: 2 });
  });

  it('counts only the events at or above the counted action', () => {
    expect(alarmCounts(events, 'block')).toEqual({ alarms: 1, loopsSeen: 1 });
    expect(alarmCounts(events, 'terminate')).toEqual({ alarms: 0, loopsSeen: 0 });
  });
});

describe('alarmTurns', () => {
  it('lists each alarm turn once, ascending, at or above the counted action', () => {
    const events = [
      ev(9, 'cycle', 'warn'),
      ev(3, 'cycle', 'block'),
      ev(9, 'cycle', 'terminate'),
      ev(14, 'cycle', 'warn'),
    ];
    expect(alarmTurns(events, 'warn')).toEqual([3, 9, 14]);
    expect(alarmTurns(events, 'block')).toEqual([3, 9]);
    expect(alarmTurns(events, 'terminate')).toEqual([9]);
    // In turn order, as a replay gives them.
    const ordered = [
      ev(3, 'cycle', 'warn'),
      ev(3, 'pattern', 'block'),
      ev(9, 'cycle', 'warn'),
      ev(9, 'pattern', 'warn'),
      ev(12, 'cycle', 'warn'),
      ev(14, 'cycle', 'block'),
    ];
    expect(alarmTurns(ordered, 'warn')).toEqual([3, 9, 12, 14]);
    expect(alarmTurns(ordered, 'block')).toEqual([3, 14]);
    expect(alarmTurns([], 'warn')).toEqual([]);
  });
});
