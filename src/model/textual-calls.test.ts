/**
 * Text-written calls. Sources:
 * - FN: All-Hands-AI/OpenHands `openhands/llm/fn_call_converter.py` (MIT), the in-context example
 *   the harness shows models without native tool calls (the syntax they then write back).
 * - BROKEN: the `<function>execute_bash>` opening as written by a model in a public repository's
 *   parser test (an XML action parser for SWE-agent-like tools); it is counted in real
 *   OpenHands sessions.
 * - HERMES: the `<tool_call>` JSON of the Hermes / Qwen2.5 chat templates.
 */
import { describe, expect, it } from 'vitest';
import { findTextualCalls, mayHoldTextualCall, TOO_DEEP_CALL } from './textual-calls';

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

  it('reads parameters named like Object.prototype members as plain keys', () => {
    const [call] = findTextualCalls(
      '<function=f>\n<parameter=toString>a</parameter>\n<parameter=__proto__>b</parameter>\n</function>',
    );
    expect(Object.keys(call.args)).toEqual(['toString', '__proto__']);
    expect(call.args.toString).toBe('a');
    expect(Object.getPrototypeOf(call.args)).toBe(Object.prototype);
    expect(JSON.stringify(call.args)).toBe('{"toString":"a","__proto__":"b"}');
  });

  it('starts a fenced block after any line end JavaScript reads in multiline mode (\\r too)', () => {
    expect(findTextualCalls('I run it:\r```json\n{"name": "ls", "arguments": {}}\n```')).toEqual([
      { name: 'ls', args: {} },
    ]);
  });
});

/** Repeats `unit` to exactly `chars` characters. */
const repeated = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

describe('linear-time parsing of text-written calls', () => {
  // The worst patterns found: each made the old scan search to the end of the text from every start.
  const MB = 1_000_000;
  it('reads 1 MB of unclosed <function=NAME> openings: one call each, in well under a second', () => {
    const t0 = performance.now();
    const calls = findTextualCalls(repeated('<function=a>', 12 * 83_333));
    expect(calls.length).toBe(83_333);
    expect(calls[83_332]).toEqual({ name: 'a', args: {} });
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it.each([
    ['<function= with no closing >', repeated('<function=', MB), 0],
    ['<function>NAME with no closing >', repeated('<function>a', MB), 0],
    ['unclosed <parameter=…>', '<function=f>' + repeated('<parameter=x>', MB), 1],
    ['unclosed <tool_call>', repeated('<tool_call>{', MB), 0],
    ['fence openings with no closing fence', '"name"\n' + repeated('```json\nx', MB), 0],
    ['one fence line of blanks', '"name"\n```' + ' '.repeat(MB) + 'x', 0],
  ])('scans 1 MB of %s in well under a second', (_, text, found) => {
    const t0 = performance.now();
    expect(findTextualCalls(text).length).toBe(found);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('one depth limit for text-written calls', () => {
  /** A call whose JSON nests `depth` levels in all (the root object is level 1). */
  const nested = (depth: number) =>
    `{"name": "f", "arguments": {"x": ${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;

  it('keeps a call nested 500 levels and leaves out one nested 501, saying so', () => {
    const warned: string[] = [];
    expect(findTextualCalls(`<tool_call>${nested(500)}</tool_call>`, (r) => warned.push(r))).toHaveLength(1);
    expect(warned).toEqual([]);
    expect(findTextualCalls(`<tool_call>${nested(501)}</tool_call>`, (r) => warned.push(r))).toEqual([]);
    expect(warned).toEqual([TOO_DEEP_CALL]);
    expect(TOO_DEEP_CALL).toBe('a text-written call nests deeper than 500 levels; left out');
  });

  it('checks arguments written as a JSON string, and fenced blocks, the same way', () => {
    const warned: string[] = [];
    const deepString = JSON.stringify(`{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    findTextualCalls(`<tool_call>{"name": "f", "arguments": ${deepString}}</tool_call>`, (r) => warned.push(r));
    findTextualCalls('```json\n' + nested(3000) + '\n```', (r) => warned.push(r));
    expect(warned).toEqual([TOO_DEEP_CALL, TOO_DEEP_CALL]);
  });
});
