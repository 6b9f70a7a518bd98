/**
 * `kilo-code` against Kilo-Org/kilocode packages/opencode/src/session/processor.ts @
 * 00fb89850f0c506b24e2180c5988625e46aac3dd: DOOM_LOOP_THRESHOLD = 3 (line 27); at a tool call the
 * last 3 parts of the assistant message must be tool parts of this tool with the same
 * JSON.stringify(input), then the doom_loop permission is asked.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('kilo-code')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call, e.action]);
const same = call('bash', { command: 'ls missing' }, { content: 'No such file', isError: true });

describe('preset kilo-code (doom loop)', () => {
  it('is cycle, 1-call, 3 repetitions, within one response', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(preset.detectors).toEqual(presetByName('opencode')!.detectors);
  });
  it('2 identical calls in one response: nothing', () => expect(at([[same, same]])).toEqual([]));
  it('3: the doom_loop permission is asked at the 3rd', () =>
    expect(at([[same, same, same]])).toEqual([[1, 3, 'block']]));
  it('4: asked at the 3rd and the 4th', () =>
    expect(at([[same, same, same, same]])).toEqual([
      [1, 3, 'block'],
      [1, 4, 'block'],
    ]));
  it('the same call in 3 separate responses: the step parts between them break the run', () =>
    expect(at([same, same, same])).toEqual([]));
});
