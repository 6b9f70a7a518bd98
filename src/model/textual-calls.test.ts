/**
 * Text-written calls. Sources:
 * - FN: All-Hands-AI/OpenHands `openhands/llm/fn_call_converter.py` (MIT), the in-context example
 *   the harness shows models without native tool calls (the syntax they then write back).
 * - BROKEN: the `<function>execute_bash>` opening as written by a model in a public repository's
 *   parser test (an XML action parser for SWE-agent-like tools); issue 8 counts it in real
 *   OpenHands sessions.
 * - HERMES: the `<tool_call>` JSON of the Hermes / Qwen2.5 chat templates.
 */
import { describe, expect, it } from 'vitest';
import { findTextualCalls, mayHoldTextualCall } from './textual-calls';

describe('findTextualCalls', () => {
  it('reads the OpenHands <function=…> syntax with single- and multi-line parameters (FN)', () => {
    const text =
      'There is no `app.py` file in the current directory. Let me create a Python file `app.py`:\n<function=str_replace_editor>\n<parameter=command>create</parameter>\n<parameter=path>/workspace/app.py</parameter>\n<parameter=file_text>\nfrom flask import Flask\napp = Flask(__name__)\n</parameter>\n</function>';
    expect(findTextualCalls(text)).toEqual([
      {
        name: 'str_replace_editor',
        args: {
          command: 'create',
          path: '/workspace/app.py',
          file_text: 'from flask import Flask\napp = Flask(__name__)',
        },
      },
    ]);
  });

  it('reads a call cut at the stop word (no </function>) (FN)', () => {
    const text =
      'Let me first check the current directory:\n<function=execute_bash>\n<parameter=command>\npwd && ls\n</parameter>\n';
    expect(findTextualCalls(text)).toEqual([{ name: 'execute_bash', args: { command: 'pwd && ls' } }]);
  });

  it('reads the broken <function>NAME> opening (BROKEN)', () => {
    const text =
      '<function>execute_bash>\n  <parameter=command>search_dir</parameter>\n  <parameter=search_term>class ImmutableDenseNDimArray</parameter>\n</function>';
    expect(findTextualCalls(text)).toEqual([
      { name: 'execute_bash', args: { command: 'search_dir', search_term: 'class ImmutableDenseNDimArray' } },
    ]);
  });

  it('reads several calls in one message, in order', () => {
    const text =
      '<function=execute_bash>\n<parameter=command>ls</parameter>\n</function>\nand then\n<function=finish>\n<parameter=message>The task has been completed.</parameter>\n<parameter=task_completed>true</parameter>\n</function>';
    expect(findTextualCalls(text).map((c) => c.name)).toEqual(['execute_bash', 'finish']);
  });

  it('reads fenced JSON with "arguments" or "parameters", and a list of calls', () => {
    expect(
      findTextualCalls('I will run it:\n```json\n{"name": "bash", "arguments": {"command": "ls -la"}}\n```'),
    ).toEqual([{ name: 'bash', args: { command: 'ls -la' } }]);
    expect(findTextualCalls('```\n{"name": "read_file", "parameters": {"path": "a.py"}}\n```')).toEqual([
      { name: 'read_file', args: { path: 'a.py' } },
    ]);
    expect(
      findTextualCalls('```json\n[{"name": "a", "arguments": "{\\"x\\": 1}"}, {"name": "b", "arguments": {}}]\n```'),
    ).toEqual([
      { name: 'a', args: { x: 1 } },
      { name: 'b', args: {} },
    ]);
  });

  it('reads <tool_call> JSON (HERMES)', () => {
    expect(
      findTextualCalls(
        '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "San Francisco, CA, USA"}}\n</tool_call>',
      ),
    ).toEqual([{ name: 'get_current_temperature', args: { location: 'San Francisco, CA, USA' } }]);
  });

  it.each([
    ['plain prose', 'I will now look at the file and fix the bug.'],
    ['a JSON code sample that is data, not a call', '```json\n{"name": "my-package", "version": "1.0.0"}\n```'],
    ['a list where one element is not a call', '```json\n[{"name": "a", "arguments": {}}, {"id": 3}]\n```'],
    ['a shell block (SWE-agent style blocks are not read)', 'DISCUSSION\nLet me look.\n```\nls -la\n```'],
    ['a name that is not an identifier', '<function=run this now>\n<parameter=x>1</parameter>\n</function>'],
    ['invalid JSON', '```json\n{"name": "a", "arguments": {\n```'],
  ])('finds nothing in %s', (_, text) => {
    expect(findTextualCalls(text)).toEqual([]);
  });

  it('rules out ordinary text with a substring test', () => {
    expect(mayHoldTextualCall('Let me check the tests again.')).toBe(false);
    expect(mayHoldTextualCall('```python\nprint(1)\n```')).toBe(false);
    expect(mayHoldTextualCall('<function=x>')).toBe(true);
  });
});
