/** A small replay result for the page-result tests: one fingerprint over 4 turns, cycles as given. */
import type { CycleSample } from '../engine/types';
import { toPageResult } from './to-page-result';

export const fp = {
  top: [{ fingerprint: 'ls:{}', name: 'ls', count: 3 }],
  timeline: [
    { turn: 1, counts: [1] },
    { turn: 4, counts: [3] },
  ],
};

export const cyc = (turn: number, repetitions: number): CycleSample => ({
  turn,
  call: 1,
  detector: 'cycle',
  period: 2,
  repetitions,
});

/** The page result of that replay, in 2 buckets. */
export const result = (cycles: CycleSample[]) =>
  toPageResult({ turns: 4, calls: 3, events: [], checks: [], cycles, stoppedAt: null, fingerprints: fp }, 2);
