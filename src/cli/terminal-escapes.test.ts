/**
 * Nothing a transcript, a config or a server says reaches the terminal as a control character:
 * titles, file names, tool names in messages and judge server errors print with their escape
 * sequences shown (`\u001b`), in the human output and in --json (where the escape is JSON's).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJudgeStub, type JudgeStub } from '../../scripts/judge-stub';
import { hostileString } from '../export/escape/hostile-strings.test-util';
import { cli } from './run-cli.test-util';

const OSC52 = '\x1b]52;c;cHduZWQ=\x07';
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** A run of `tool` called 8 times the same way, titled `title`, in a file named `file`. */
function writeRun(dir: string, file: string, title: string, tool: string): string {
  const path = join(dir, file);
  const call = JSON.stringify({ type: 'assistant', calls: [{ name: tool, args: { path: 'x' } }] });
  writeFileSync(path, [JSON.stringify({ type: 'meta', version: 1, title }), ...Array(8).fill(call)].join('\n') + '\n');
  return path;
}

let stub: JudgeStub;
beforeAll(async () => {
  stub = await startJudgeStub((req) =>
    req.model === 'gone'
      ? { status: 404, json: { error: { message: `${OSC52}no such model\x1b[2J` } } }
      : { status: 401, json: { error: { message: `bad key${OSC52}\u009b31m` } } },
  );
});
afterAll(() => stub.close());

describe('terminal escapes', () => {
  it('terminal escapes from titles and tool names in messages are shown, not sent (detect, eval, --json)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-term-'));
    const title = `run ${OSC52}\x1b[31mred\u009b2J`;
    const tool = `ls\x1b[8m`;
    const file = writeRun(dir, 'esc\x1b[1m.loop.jsonl', title, tool);
    const human = await cli('detect', file, '--preset', 'chatloop');
    expect(human.code).toBe(0);
    expect(human.out).not.toMatch(CONTROL);
    expect(human.out.split('\n')[0]).toBe(
      `${dir}/esc\\u001b[1m.loop.jsonl — run \\u001b]52;c;cHduZWQ=\\u0007\\u001b[31mred\\u009b2J (loopscope-jsonl, 8 turns, 8 calls)`,
    );
    expect(human.out).toContain('ls\\u001b[8m');
    const json = await cli('detect', file, '--preset', 'chatloop', '--json');
    expect(json.out).not.toMatch(CONTROL);
    const record = JSON.parse(json.out) as { file: string; transcript: string; events: { message: string }[] };
    expect([record.file, record.transcript]).toEqual([file, title]);
    expect(record.events[0].message).toContain(tool);
    const evaluated = await cli('eval', file);
    expect(evaluated.out.split('\n')[0]).toBe(`${dir}/esc\\u001b[1m.loop.jsonl (1 transcripts, 0 labelled)`);
    const converted = await cli('convert', file);
    expect(converted.out).not.toMatch(CONTROL);
    expect(JSON.parse(converted.out.split('\n')[0])).toMatchObject({ type: 'meta', title });
  });

  it('judge server errors with escape sequences are shown, not sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-term-judge-'));
    // A run long enough for llm-check's first check (after 30 turns).
    const file = new URL('../samples/judge-recorded.loop.jsonl', import.meta.url).pathname;
    const base = [
      'judge',
      file,
      '--base-url',
      stub.baseUrl,
      '--cache',
      join(dir, 'cache.json'),
      '--preset',
      'llm-check',
    ];
    const missing = await cli(...base, '--model', 'gone', '--out', join(dir, 'out'));
    expect(missing.err).not.toMatch(CONTROL);
    expect(missing.err).toContain('\\u001b]52;c;cHduZWQ=\\u0007no such model\\u001b[2J');
    const refused = await cli(...base, '--model', 'm');
    expect(refused.code).toBe(2);
    expect(refused.err).not.toMatch(CONTROL);
    expect(refused.err).toContain('bad key\\u001b]52;c;cHduZWQ=\\u0007\\u009b31m');
  });

  it('property: no output code point is in C0 or C1 but newline and tab, whatever the title, tool or file name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-term-property-'));
    const cases = fc.sample(fc.record({ title: hostileString, tool: hostileString, file: hostileString }), {
      numRuns: 40,
      seed: 20261128,
    });
    for (const [i, c] of cases.entries()) {
      // A file name holds no '/' or NUL; the tool is prefixed so the call is kept.
      const name = `${i}${c.file.replace(/[/\0]/g, '_')}`.slice(0, 200);
      const file = writeRun(dir, name, c.title, `t${c.tool}`);
      for (const args of [
        ['detect', file],
        ['detect', '--json', file],
        ['eval', file],
        ['convert', file],
      ]) {
        const r = await cli(...args);
        expect({ args, code: r.code }).toEqual({ args, code: 0 });
        expect(r.out + r.err).not.toMatch(CONTROL);
      }
    }
  }, 60_000);
});
