/**
 * `roo-code` against RooCodeInc/Roo-Code src/core/tools/ToolRepetitionDetector.ts @
 * 37479466bc615057ee1865c395d00a3b5e0569a2: limit 3 (line 17), the count starts at 0 and grows
 * with each identical call (lines 46-51), the call is refused when it reaches the limit (lines
 * 54-57), then the count and the previous call are cleared (lines 59-60); browser scrolls are
 * allowed without counting (lines 37-40).
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('roo-code')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.call, e.action]);
const same = (n: number) => Array.from({ length: n }, () => call('execute_command', { command: 'npm test' }, 'FAIL'));

describe('preset roo-code (ToolRepetitionDetector.ts)', () => {
  it('is identical-streak', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['identical-streak']);
  });
  it('3 identical calls: allowed', () => expect(at(same(3))).toEqual([]));
  it('4: the 4th is refused and the user asked (lines 54-57)', () => expect(at(same(4))).toEqual([[4, 'block']]));
  it('5: the count started over after the refusal (lines 59-60), so the 5th is allowed; the 8th is refused', () => {
    expect(at(same(5))).toEqual([[4, 'block']]);
    expect(at(same(8))).toEqual([
      [4, 'block'],
      [8, 'block'],
    ]);
  });
  it('browser scrolls are neither counted nor break the streak (lines 37-40)', () => {
    const scroll = call('browser_action', { action: 'scroll_down' });
    expect(at([scroll, scroll, scroll, scroll])).toEqual([]);
    const [a] = same(1);
    expect(at([a, scroll, a, scroll, a, a])).toEqual([[6, 'block']]);
  });
});
