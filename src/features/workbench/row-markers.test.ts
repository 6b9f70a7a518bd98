import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { RowMarkers } from './row-markers';

const ev = (turn: number, detector: DetectorEvent['detector'], call?: number): DetectorEvent => ({
  turn,
  detector,
  action: 'warn',
  level: 1,
  message: '',
  ...(call === undefined ? {} : { call }),
});

describe('row markers', () => {
  it('name each detector that fired at a call, or at the turn itself, once and in firing order', () => {
    const events = [
      ev(4, 'pattern', 2),
      ev(4, 'exact-repeat', 2),
      ev(4, 'pattern', 2),
      ev(4, 'summary-loop'),
      ev(5, 'cycle', 1),
    ];
    const byTurn = new Map<number, DetectorEvent[]>([
      [4, events.slice(0, 4)],
      [5, events.slice(4)],
    ]);
    const markers = new RowMarkers(byTurn);
    expect(markers.at(4, 2)).toEqual(['pattern', 'exact-repeat']);
    expect(markers.at(4)).toEqual(['summary-loop']);
    expect(markers.at(4, 1)).toEqual([]);
    expect(markers.at(5, 1)).toEqual(['cycle']);
    expect(markers.at(6)).toEqual([]);
  });
});
