/**
 * `crewai` against crewAIInc/crewAI lib/crewai/src/crewai/tools/tool_usage.py @
 * 020cf9b584dad901ccade975dc42a29846b2ea9a, `_check_tool_repeated_usage`: the call's tool name and
 * arguments (a dict, so key order does not matter) equal to `tools_handler.last_used_tool` → the
 * call is not run and "task_repeated_usage" is returned, at every such call.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('crewai')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.call, e.action]);
const search = call('Search the internet', { search_query: 'loopscope' }, 'results');

describe('preset crewai (_check_tool_repeated_usage)', () => {
  it('is identical-streak', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['identical-streak']);
  });
  it('one call: nothing', () => expect(at([search])).toEqual([]));
  it('the same call twice: the 2nd is refused', () => expect(at([search, search])).toEqual([[2, 'block']]));
  it('three times: the 2nd and the 3rd are refused', () =>
    expect(at([search, search, search])).toEqual([
      [2, 'block'],
      [3, 'block'],
    ]));
  it('another call between: allowed again; dict equality ignores key order', () => {
    const other = call('Read a file', { file_path: 'a.md' }, 'text');
    expect(at([search, other, search])).toEqual([]);
    const ab = call('Search the internet', { a: 1, b: 2 });
    const ba = call('Search the internet', { b: 2, a: 1 });
    expect(at([ab, ba])).toEqual([[2, 'block']]);
  });
});
