import { describe, expect, it } from 'vitest';
import { setParam } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { changedParams, enabledDetectors, formatChange } from './config-summary';

const chatloop = presetByName('chatloop')!;

describe('config summary', () => {
  it('lists nothing for the preset itself', () => {
    expect(changedParams(chatloop, chatloop)).toEqual([]);
    expect(changedParams(chatloop, undefined)).toEqual([]);
  });

  it('lists each changed value, a detector switched on, and formats them', () => {
    let d = setParam(chatloop, 'detectors.exact-repeat.windowSize', 20);
    d = setParam(d, 'detectors.pattern.actions', ['warn', 'terminate']);
    d = setParam(d, 'detectors.doom-loop.enabled', true);
    d = setParam(d, 'detectors.doom-loop.exactThreshold', 4);
    expect(changedParams(d, chatloop).map(formatChange)).toEqual([
      'detectors.exact-repeat.windowSize: 10 → 20',
      'detectors.pattern.actions: [warn, warn, terminate] → [warn, terminate]',
      'detectors.doom-loop.enabled: false → true',
      'detectors.doom-loop.exactThreshold: 3 → 4',
    ]);
    expect(enabledDetectors(d)).toEqual(['exact-repeat', 'pattern', 'doom-loop']);
  });

  it('lists the text-written-calls switch', () => {
    expect(changedParams(setParam(chatloop, 'ignoreTextualCalls', true), chatloop).map(formatChange)).toEqual([
      'ignoreTextualCalls: false → true',
    ]);
  });

  it('a detector switched off shows once, without its parameters', () => {
    const d = setParam(setParam(chatloop, 'detectors.pattern.windowSize', 30), 'detectors.pattern.enabled', false);
    expect(changedParams(d, chatloop).map(formatChange)).toEqual(['detectors.pattern.enabled: true → false']);
  });
});
