import { describe, expect, it } from 'vitest';
import { DETECTOR_IDS } from '../../engine/types';
import { DETECTOR_COLOR } from './detector-colors';

describe('detector colours', () => {
  it('gives every detector its own colour', () => {
    const colours = DETECTOR_IDS.map((id) => DETECTOR_COLOR[id]);
    expect(new Set(colours).size).toBe(DETECTOR_IDS.length);
  });
});
