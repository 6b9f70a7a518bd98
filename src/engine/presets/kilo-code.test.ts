/**
 * `kilo-code` against Kilo-Org/kilocode packages/opencode/src/session/processor.ts @
 * 00fb89850f0c506b24e2180c5988625e46aac3dd: DOOM_LOOP_THRESHOLD = 3 (line 27); at a tool call the
 * last 3 parts of the assistant message must be tool parts of this tool, not pending, with the same
 * JSON.stringify(input), then the doom_loop permission is asked: 2, 3 and 4 identical calls.
 */
import { describe, expect, it } from 'vitest';
import { doomLoopCases } from './doom-loop-cases.test-util';
import { presetByName } from './index';

describe('preset kilo-code (doom loop)', () => {
  it("is opencode's doom loop, unchanged", () =>
    expect(presetByName('kilo-code')!.detectors).toEqual(presetByName('opencode')!.detectors));
  doomLoopCases('kilo-code');
});
