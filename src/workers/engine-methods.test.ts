import { describe, expect, it } from 'vitest';
import { engineMethods } from './engine-methods';

describe('engine worker methods by role', () => {
  it('re-opens the session first for every call on one: replays, compares, sweeps and the row, turn, export and chart windows', () => {
    expect(engineMethods('session')).toEqual([
      'runSession',
      'compareSession',
      'sweepOpen',
      'rowWindow',
      'turnAt',
      'exportJsonl',
      'chartWindow',
    ]);
  });

  it('replays only openSession on a respawned worker', () => {
    expect(engineMethods('opens')).toEqual(['openSession']);
  });
});
