/** A config's identity by its settings: the workbench, the library and the triage cache key a config by it. */
import { describe, expect, it } from 'vitest';
import { resolveConfig, settingsKey } from './config';
import { presetByName } from './presets/index';

const chatloop = presetByName('chatloop')!;

describe('settingsKey', () => {
  it('a renamed copy, or the config resolved, is the same config; another count action is not', () => {
    const key = settingsKey(chatloop);
    expect(settingsKey({ ...chatloop, name: 'Mine', basedOn: 'chatloop' })).toBe(key);
    expect(settingsKey(resolveConfig(chatloop))).toBe(key);
    expect(settingsKey({ ...chatloop, countAction: 'block' })).not.toBe(key);
    expect(key.startsWith('{"countAction":"warn","ignoreTextualCalls":false,"detectors":{')).toBe(true);
  });
});
