import { describe, expect, it } from 'vitest';
import { applyLabel } from '../../persistence/labels';
import { chooseRange, describeRange, labelSummary, withoutLabel } from './label-range';

describe('label range', () => {
  it('prefers the timeline selection, clamped to the transcript', () => {
    expect(chooseRange([7, 17], '1', '1', 18)).toEqual({ range: [7, 17] });
    expect(chooseRange([12, 30], '', '', 18)).toEqual({ range: [12, 18] });
    expect(chooseRange([20, 30], '', '', 18)).toEqual({ error: 'the selection lies outside the transcript' });
  });

  it('reads From / To, swapping them when reversed', () => {
    expect(chooseRange(null, '5', '3', 18)).toEqual({ range: [3, 5] });
    expect(chooseRange(null, ' 4 ', '4', 18)).toEqual({ range: [4, 4] });
  });

  it('says which field is wrong', () => {
    expect(chooseRange(null, '', '3', 18)).toEqual({ error: 'From turn must be a whole turn number' });
    expect(chooseRange(null, '2.5', '3', 18)).toEqual({ error: 'From turn must be a whole turn number' });
    expect(chooseRange(null, '2', '19', 18)).toEqual({ error: 'To turn must be between 1 and 18' });
    expect(chooseRange(null, '0', '3', 18)).toEqual({ error: 'From turn must be between 1 and 18' });
  });

  it('describes ranges and label sets', () => {
    expect(describeRange([3, 3])).toBe('turn 3');
    expect(describeRange([3, 9])).toBe('turns 3–9');
    const labels = applyLabel(applyLabel([], 7, 17, 'loop'), 1, 1, 'progress');
    expect(labelSummary(labels)).toBe('1 loop span (11 turns) · 1 progress span (1 turn)');
    expect(labelSummary([])).toBe('0 loop spans (0 turns) · 0 progress spans (0 turns)');
    expect(withoutLabel(labels, 0)).toEqual([{ startTurn: 7, endTurn: 17, kind: 'loop' }]);
  });
});
