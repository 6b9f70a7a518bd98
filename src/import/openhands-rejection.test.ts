import { describe, expect, it } from 'vitest';
import { openHandsEventOrder } from './openhands-event-names';
import { rejectedToolName } from './openhands-rejection';
import { v0ErrorFlag } from './openhands-v0';
import { v1ErrorFlag } from './openhands-v1';

describe('rejectedToolName: the tool a V0 rejection message names', () => {
  // Real messages: from OpenHands sessions and public logs of OpenHands runs.
  it.each([
    ["Missing required parameters for function 'str_replace_editor': {'security_risk'}", 'str_replace_editor'],
    ["Missing required parameters for function 'execute_bash': {'command'}", 'execute_bash'],
    ["Missing required parameters for function 'str_replace_editor': {'path', 'command'}", 'str_replace_editor'],
    [
      "Parameter 'file_text\"' is not allowed for function 'str_replace_editor'. Allowed parameters: {'path', 'command', 'security_risk'}",
      'str_replace_editor',
    ],
    ["Parameter 'command\"' is not allowed for function 'execute_bash'.", 'execute_bash'],
    ["Function 'bash' not found in available tools: ['execute_bash', 'think', 'finish']", 'bash'],
    ['Missing required argument "path" in tool call str_replace_editor', 'str_replace_editor'],
    [
      "Unexpected argument view_range2 in tool call str_replace_editor. Allowed arguments are: {'path', 'command'}",
      'str_replace_editor',
    ],
    [
      "Tool search_web is not registered. (arguments: {'q': 'x'}). Please check the tool name and retry with an existing tool.",
      'search_web',
    ],
  ])('%s -> %s', (text, name) => {
    expect(rejectedToolName(text)).toBe(name);
  });

  it.each([
    "Parameter 'command' is expected to be one of ['view', 'create', 'str_replace', 'insert', 'undo_edit'].",
    "Parameter 'view_range' is expected to be an array.",
    'Failed to parse tool call arguments: {"command": ',
    'bash: ponyc: command not found',
  ])('names no tool: %s', (text) => {
    expect(rejectedToolName(text)).toBeUndefined();
  });
});

describe('openHandsEventOrder: event file names', () => {
  it.each([
    ['0.json', 0],
    ['17.json', 17],
    ['sessions/3f2a/events/10.json', 10],
    ['events\\2.json', 2],
    ['event-00000-5df490d1-98e8-4dea-9ae7-7f36c59f8ed5.json', 0],
    ['conv/events/event-00012-7dfb0aa3-a3d6-4b0b-b977-3a03990f2812.json', 12],
    ['event-123456-7dfb0aa3-a3d6-4b0b-b977-3a03990f2812.json', 123456],
  ])('%s is event %i', (name, n) => {
    expect(openHandsEventOrder(name)).toBe(n);
  });

  it.each([
    'base_state.json',
    '.eventlog.lock',
    'metadata.json',
    '1.jsonl',
    'event-12-abc.json',
    'x1.json',
    '0-24.json',
  ])('%s is not an event file', (name) => {
    expect(openHandsEventOrder(name)).toBeUndefined();
  });
});

describe('error flags: what the format says, undefined where it says nothing', () => {
  it('V0 observations', () => {
    expect(v0ErrorFlag('error', { content: 'x' })).toBe(true);
    expect(v0ErrorFlag('user_rejected', {})).toBe(true);
    expect(v0ErrorFlag('success', {})).toBe(false);
    expect(v0ErrorFlag('run', { extras: { metadata: { exit_code: 0 } } })).toBe(false);
    expect(v0ErrorFlag('run', { extras: { metadata: { exit_code: 127 } } })).toBe(true);
    expect(v0ErrorFlag('run', { extras: { metadata: { exit_code: -1 } } })).toBe(true);
    expect(v0ErrorFlag('run', { exit_code: 2 })).toBe(true); // old flattened record
    expect(v0ErrorFlag('browse', { extras: { error: true } })).toBe(true);
    expect(v0ErrorFlag('browse', { extras: { error: false } })).toBe(false);
    expect(v0ErrorFlag('mcp', { content: '{"content":[],"isError":true}' })).toBe(true);
    // No flag: the normaliser infers these from the text.
    expect(
      v0ErrorFlag('edit', { content: 'ERROR:\nNo replacement was performed.', extras: { path: '/w/a' } }),
    ).toBeUndefined();
    expect(v0ErrorFlag('read', { content: 'ERROR:\nInvalid `path` parameter', extras: {} })).toBeUndefined();
    expect(v0ErrorFlag('run_ipython', { content: 'Traceback', extras: {} })).toBeUndefined();
    expect(v0ErrorFlag('run', { content: 'x', extras: {} })).toBeUndefined();
    expect(v0ErrorFlag('think', { content: 'Your thought has been logged.' })).toBeUndefined();
    expect(v0ErrorFlag('mcp', { content: 'plain text' })).toBeUndefined();
  });

  it('V1 observations', () => {
    expect(v1ErrorFlag({ is_error: false, exit_code: 0 })).toBe(false);
    expect(v1ErrorFlag({ is_error: true })).toBe(true);
    expect(v1ErrorFlag({ is_error: false, exit_code: 1 })).toBe(true);
    expect(v1ErrorFlag({ metadata: { exit_code: 0 } })).toBe(false);
    expect(v1ErrorFlag({ content: 'x' })).toBeUndefined();
  });
});
