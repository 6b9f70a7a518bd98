/**
 * `docker-agent` against pkg/runtime/tool_loop_detector.go (vvoland/cagent
 * 1ed6ba03474dc9f5e9a879c228ae1499d992a14f, a docker/cagent fork): the same batch of calls
 * (a response's calls, in order) 5 responses in a row ends the run; 4, 5 and 6 batches.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type CallSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('docker-agent')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call, e.action]);
const n = <T>(k: number, x: T): T[] => Array.from({ length: k }, () => x);

describe('preset docker-agent (tool_loop_detector.go)', () => {
  it('is the batch-repeat detector with threshold 5', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['batch-repeat']);
  });

  const pair: CallSpec[] = [call('read_file', { path: 'a' }, 'A'), call('list_dir', { path: '.' }, 'x')];
  it('4 identical batches: nothing', () => expect(at(n(4, pair))).toEqual([]));
  it('5: terminated at the last call of the 5th batch', () => expect(at(n(5, pair))).toEqual([[5, 10, 'terminate']]));
  it('6: the detector resets after a detection, so the 6th batch starts a new streak', () =>
    expect(at(n(6, pair))).toEqual([[5, 10, 'terminate']]));

  it('a response without calls does not break the streak; another batch does', () => {
    expect(at([pair, pair, 'thinking', pair, pair, pair])).toEqual([[6, 10, 'terminate']]);
    expect(at([pair, pair, [pair[0]], pair, pair, pair])).toEqual([]);
  });

  it('the batch is ordered and its arguments compared as sent (1ed6ba0): another order or key order is another batch', () => {
    const swapped = [pair[1], pair[0]];
    expect(at([pair, pair, swapped, pair, pair])).toEqual([]);
    const ab = call('grep', { pattern: 'x', path: 'src' });
    const ba = call('grep', { path: 'src', pattern: 'x' });
    expect(at([ab, ab, ba, ab, ab])).toEqual([]);
  });
});
