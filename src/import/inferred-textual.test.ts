/**
 * Inferred errors and text-written calls through the normaliser, via Loopscope JSONL (the format
 * that can say "no flag": a result without `isError`). Fixture: fixtures/inferred-textual.loop.jsonl
 * (synthetic; its result texts are the real snippets of src/model/error-rules.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from './loopscope-jsonl';
import { parseSweAgent } from './swe-agent';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromText } from './source';
import { writeLoopscopeJsonl } from './write-loopscope-jsonl';

const FIXTURE = readFileSync(new URL('./fixtures/inferred-textual.loop.jsonl', import.meta.url), 'utf8');
const read = async (text: string) => (await parseLoopscopeJsonl(sourceFromText('x.loop.jsonl', text))).transcripts[0];

describe('inferred errors and text-written calls (Loopscope JSONL)', () => {
  it('infers errors for results without a flag and keeps flagged ones', async () => {
    const t = await read(FIXTURE);
    const results = t.turns.slice(0, 4).map((x) => x.calls[0].result);
    expect(results).toEqual([
      {
        content: '/bin/bash: line 11301: cd: fastjson/: No such file or directory',
        isError: true,
        inferred: 'no-such-file',
      },
      {
        content:
          'ERROR:\nInvalid `path` parameter: /workspace/x.py. The path /workspace/x.py does not exist. Please provide a valid path.',
        isError: true,
        inferred: 'error-prefix',
      },
      { content: 'make: *** [Makefile:192: build] Error 2', isError: true },
      {
        content: "Missing required parameters for function 'str_replace_editor': {'security_risk'}",
        isError: true,
        inferred: 'rejected',
      },
    ]);
    expect(t.turns[11 - 4].calls[0].result).toEqual({ content: 'pom.xml\nsrc', isError: false });
  });

  it('never infers over a flag: isError false stays false whatever the text says', async () => {
    const t = await read(
      '{"type":"assistant","calls":[{"name":"sh","result":{"content":"bash: x: command not found","isError":false}}]}',
    );
    expect(t.turns[0].calls[0].result).toEqual({ content: 'bash: x: command not found', isError: false });
  });

  it('turns text-written calls of turns without a real call into textual calls; the text stays', async () => {
    const t = await read(FIXTURE);
    const textual = t.turns.filter((x) => x.calls.some((c) => c.textual));
    expect(textual.map((x) => x.index)).toEqual([5, 6, 7]);
    expect(textual.map((x) => x.calls)).toEqual(
      [5, 6, 7].map((n) => [{ index: n, name: 'execute_bash', args: { command: 'ls -la' }, textual: true }]),
    );
    expect(t.turns[4].text).toBe(
      'Let me list the directory:\n<function=execute_bash>\n<parameter=command>\nls -la\n</parameter>\n</function>',
    );
    expect(t.turns[7].calls.map((c) => c.textual)).toEqual([undefined]);
  });

  it('a written inferred error re-imports identically: the flag stays as written, no second inference', async () => {
    const t = await read(FIXTURE);
    const text = writeLoopscopeJsonl(t);
    expect(text).toContain(
      '"result":{"content":"/bin/bash: line 11301: cd: fastjson/: No such file or directory","isError":true,"inferred":"no-such-file"}',
    );
    expect(text).toContain('"textual":true');
    await expectRoundTrip(t);
    // A written rule id is kept even where another rule would now match first.
    const again = await read(
      '{"type":"assistant","calls":[{"name":"sh","result":{"content":"ERROR: x\\n[The command completed with exit code 1.]","isError":true,"inferred":"my-old-rule"}}]}',
    );
    expect(again.turns[0].calls[0].result).toEqual({
      content: 'ERROR: x\n[The command completed with exit code 1.]',
      isError: true,
      inferred: 'my-old-rule',
    });
  });
});

describe('inferred errors in a real SWE-agent run (.traj has no error flag)', () => {
  it('marks the tracebacks and refused edits of BabyEncryption.traj, and nothing else', async () => {
    const p = 'corpus/real/swe-agent/trajectories/demonstrations/ctf/crypto/BabyEncryption.traj';
    const text = readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
    const [t] = (await parseSweAgent(sourceFromText(p, text))).transcripts;
    const calls = t.turns.flatMap((x) => x.calls);
    expect(calls).toHaveLength(16);
    expect(calls.filter((c) => c.result?.isError).map((c) => [c.index, c.name, c.result!.inferred])).toEqual([
      [4, 'python', 'traceback'],
      [8, 'edit', 'edit-lint-failed'],
      [9, 'edit', 'edit-lint-failed'],
      [11, 'edit', 'edit-lint-failed'],
      [13, 'python', 'traceback'],
    ]);
  });
});
