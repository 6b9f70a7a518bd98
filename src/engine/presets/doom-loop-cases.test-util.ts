/**
 * opencode's doom loop, as opencode and Kilo Code's CLI ship it (processor.ts: the last
 * DOOM_LOOP_THRESHOLD = 3 parts of the assistant message, the current call included): 2, 3 and 4
 * identical calls in one response, and calls of separate responses, for either preset.
 */
import { expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

export function doomLoopCases(name: string): void {
  const preset = presetByName(name)!;
  const at = (items: Parameters<typeof transcriptOf>[0]) =>
    replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call, e.action]);
  const same = call('bash', { command: 'ls missing' }, { content: 'No such file', isError: true });

  it('is cycle, 1-call, 3 repetitions, within one response', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['cycle']);
  });
  it('2 identical calls in one response: nothing', () => expect(at([[same, same]])).toEqual([]));
  it('3: the doom_loop permission is asked at the 3rd', () =>
    expect(at([[same, same, same]])).toEqual([[1, 3, 'block']]));
  it('4: asked at the 3rd and the 4th', () =>
    expect(at([[same, same, same, same]])).toEqual([
      [1, 3, 'block'],
      [1, 4, 'block'],
    ]));
  it('the same call in 3 separate responses: the message parts between them break the run', () =>
    expect(at([same, same, same, same])).toEqual([]));
  it('JSON.stringify(input): the same arguments in another key order are another call', () => {
    const ab = call('grep', { pattern: 'x', path: 'src' });
    const ba = call('grep', { path: 'src', pattern: 'x' });
    expect(at([[ab, ab, ba]])).toEqual([]);
  });
}
