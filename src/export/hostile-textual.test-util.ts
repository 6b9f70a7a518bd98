/**
 * A run whose assistant texts hold hostile text-written calls, for the exported modules' tests:
 * repeated ordinary calls (so detectors fire), parameters named `toString` and `__proto__`, a call
 * nested 3,000 levels, arguments written as a JSON string nested 3,000 levels, and 250 KB of
 * openings that the old scan searched to the end from every one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hostileTextualLines(): Record<string, unknown>[] {
  const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
  const ls = {
    type: 'assistant',
    text: 'Again:\n<function=execute_bash>\n<parameter=command>ls</parameter>\n</function>',
  };
  return [
    { type: 'user', text: 'List the files.' },
    ls,
    { type: 'assistant', text: `<tool_call>{"name": "f", "arguments": {"x": ${deep}}}</tool_call>` },
    ls,
    {
      type: 'assistant',
      text: `<tool_call>{"name": "f", "arguments": ${JSON.stringify(`{"x": ${deep}}`)}}</tool_call>`,
    },
    { type: 'assistant', text: 'x', calls: [{ name: 'bash', args: `{"c": ${deep}}` }] },
    ls,
    { type: 'assistant', text: '<function=a>'.repeat(1000) },
    ...[1, 2, 3].map(() => ({
      type: 'assistant',
      text: '<function=f>\n<parameter=toString>x</parameter>\n<parameter=__proto__>y</parameter>\n</function>',
    })),
    { type: 'assistant', text: '<function='.repeat(25_000) + '<parameter=x>'.repeat(10_000) },
    ls,
    ls,
  ];
}

/** The run written as a `.loop.jsonl` file in a new temporary folder; its path. */
export function writeHostileTextual(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'loopscope-hostile-textual-')), 'hostile.loop.jsonl');
  writeFileSync(
    file,
    hostileTextualLines()
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  return file;
}
