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

  it('progress labels alone are enough: every alarm is a false positive', () => {
    const t = transcriptOf(calls, [{ startTurn: 1, endTurn: 6, kind: 'progress' }]);
    const m = metricsOf(replay(t, presetByName('chatloop')!), t, 'warn')!;
    // exact-repeat fires on calls 3-6, pattern on calls 4-6; the stop at call 5 is premature.
    expect([m.alarms, m.fp, m.tp, m.spans, m.prematureStops]).toEqual([7, 7, 0, 0, 1]);
  });
});
