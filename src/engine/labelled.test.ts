import { describe, expect, it } from 'vitest';
import type { Label } from '../model/transcript';
import {
  addUnlabelledRun,
  emptyUnlabelled,
  isLabelled,
  isReviewedClean,
  mergeUnlabelled,
  reviewedCleanLabel,
} from './labelled';

const loop: Label = { startTurn: 2, endTurn: 4, kind: 'loop' };
const progress: Label = { startTurn: 1, endTurn: 9, kind: 'progress' };

describe('labelled runs', () => {
  it('a run is labelled by any label; clean only when reviewed and no loop was found', () => {
    expect([isLabelled([]), isLabelled([progress]), isLabelled([loop])]).toEqual([false, true, true]);
    expect([isReviewedClean([]), isReviewedClean([progress]), isReviewedClean([progress, loop])]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("a label file's clean row is a progress span over every turn, one turn for an empty run", () => {
    expect(reviewedCleanLabel(12, 'fine')).toEqual({ startTurn: 1, endTurn: 12, kind: 'progress', note: 'fine' });
    expect(reviewedCleanLabel(0)).toEqual({ startTurn: 1, endTurn: 1, kind: 'progress' });
    expect(isReviewedClean([reviewedCleanLabel(3)])).toBe(true);
  });

  it('runs without labels add up their alarms, runs alarmed and stops', () => {
    const a = addUnlabelledRun(addUnlabelledRun(emptyUnlabelled(), 24, true), 0, false);
    expect(a).toEqual({ runs: 2, alarms: 24, alarmed: 1, stopped: 1 });
    expect(mergeUnlabelled(a, addUnlabelledRun(emptyUnlabelled(), 3, false))).toEqual({
      runs: 3,
      alarms: 27,
      alarmed: 2,
      stopped: 1,
    });
  });
});
