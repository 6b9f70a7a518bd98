import { describe, expect, it } from 'vitest';
import { metricsOf } from './compare';
import { presetByName } from './presets/index';
import { replay } from './replay';
import { call, transcriptOf } from './test-util';

const calls = Array.from({ length: 6 }, () => call('ls', { path: 'src' }));

describe('metricsOf', () => {
  it('is null without any label', () => {
    const t = transcriptOf(calls);
    expect(metricsOf(replay(t, presetByName('chatloop')!), t, 'warn')).toBeNull();
  });

  it('progress labels alone are enough: every alarm is false, consecutive ones one false alarm', () => {
    const t = transcriptOf(calls, [{ startTurn: 1, endTurn: 6, kind: 'progress' }]);
    const m = metricsOf(replay(t, presetByName('chatloop')!), t, 'warn')!;
    // exact-repeat fires on calls 3-6, pattern on calls 4-6: 7 alarms on consecutive turns 3-6,
    // one false-alarm episode; the run is clean and flagged; the stop at call 5 is premature.
    expect([m.alarms, m.alarmsOutsideSpans, m.fp, m.spans, m.clean, m.cleanFlagged, m.prematureStops]).toEqual([
      7, 7, 1, 0, 1, 1, 1,
    ]);
  });
});
