/**
 * Error inference on real results. Sources (licences in corpus/real, rows in PROVENANCE.tsv):
 * - OH: corpus/real/openhands/evaluation/benchmarks/multi_swe_bench/examples/output.jsonl
 *   (All-Hands-AI/OpenHands, MIT)
 * - SWE: corpus/real/swe-agent/… .traj files (SWE-agent/SWE-agent, MIT): pydicom__pydicom-1458,
 *   ctf/crypto/BabyEncryption, ctf/rev/rock, marshmallow-1867 demonstrations
 * - OH-converter: All-Hands-AI/OpenHands openhands/llm/fn_call_converter.py (MIT), the in-context
 *   example's server crash
 * - The `fastjson` line is quoted from a real SWE-agent run.
 * - OpenHands V1 terminal suffix `\n[The command completed with exit code 1.]` as printed by
 *   OpenHands sessions (issue text and public session dumps).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_RULES, inferError } from './error-rules';

describe('inferError on real results', () => {
  it.each([
    [
      'error-prefix',
      'ERROR:\nInvalid `view_range` parameter: [100, 150]. Its second element `150` should be smaller than the number of lines in the file: `122`.',
    ], // OH
    [
      'error-prefix',
      'ERROR:\nInvalid `new_str` parameter: if (ast_id(pattern_type) == TK_ISO) pattern_type. No replacement was performed. `new_str` and `old_str` must be different.',
    ], // OH
    ['command-not-found', 'bash: ponyc: command not found'], // OH
    ['no-such-file', "ls: cannot access 'src/lib': No such file or directory"], // OH
    ['no-such-file', '/bin/bash: line 11301: cd: fastjson/: No such file or directory'], // a real SWE-agent run
    ['no-such-file', "/root/ctf_files/*: cannot open `/root/ctf_files/*' (No such file or directory)"], // SWE ctf
    [
      'traceback',
      'Traceback (most recent call last):\n  File "/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption/decrypt.py", line 5, in <module>\n    decrypted_msg = \'\'.join([chr((b-18) * 123**(-1)) for b in cipher])\n  File "/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption/decrypt.py", line 5, in <listcomp>\n    decrypted_msg = \'\'.join([chr((b-18) * 123**(-1)) for b in cipher])\nTypeError: integer argument expected, got float',
    ], // SWE BabyEncryption
    [
      'traceback',
      'Traceback (most recent call last):\n  File "/workspace/app.py", line 2, in <module>\n    from flask import Flask\nModuleNotFoundError: No module named \'flask\'',
    ], // OH-converter
    ['timeout', '\nEXECUTION TIMED OUT'], // SWE rock
    [
      'edit-lint-failed',
      'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: unexpected indent',
    ], // SWE marshmallow
    [
      'edit-lint-failed',
      '[Your proposed edit has introduced new syntax error(s). Please understand the errors and retry your edit command.]\n/workspace/src/App.tsx:22',
    ], // OpenHands resolver mock_output, edit_file_by_replace
    ['exit-code', 'bash: ponyc: command not found\n[The command completed with exit code 127.]'],
    [
      'exit-code',
      'yarn add v1.22.19\nerror Running this command will add the dependency to the workspace root rather than the workspace itself.\n[The command completed with exit code 1.]\n[Current working directory: /workspace/mui__material-ui__0.1]\n[Python interpreter: /openhands/poetry/openhands-ai-5O4_aCHf-py3.12/bin/python]\n[Command finished with exit code 1]',
    ],
    ['exit-code', 'Exit code: 2\nWall time: 0.1 seconds\nOutput:\ngrep: foo: No such file or directory\n'],
  ])('%s: %j', (rule, text) => {
    expect(inferError(text)).toBe(rule);
  });

  it.each([
    // Successful output that mentions errors or missing files.
    [
      'a grep hit quoting the message',
      'src/io.c:120:    perror("No such file or directory");\nsrc/io.c:180: /* No such file or directory */',
    ],
    ['a grep -h hit', '    # No such file or directory'],
    ['an error word in a listing', 'errors.py\nerror_rules.ts\nREADME.md'],
    [
      'an OpenHands run that exited 0',
      'ls: cannot access x: No such file or directory\nfound y\n[The command completed with exit code 0.]',
    ],
    ['a test summary mentioning errors', '===== 12 passed, 0 errors in 0.52s ====='],
    [
      'a traceback in the middle of successful output',
      'Traceback (most recent call last):\n  File "a.py", line 1\nValueError: x\nretrying...\ndone\nok\nall good\nfinished\nbye',
    ],
    [
      'an editor success',
      "The file /workspace/app.py has been edited. Here's the result of running `cat -n` on a snippet of /workspace/app.py:\n     3\n     4  @app.route('/')",
    ],
    ['empty output', ''],
    [
      'SWE-agent search result',
      'Found 1 matches for "TimeDelta" in /marshmallow-code__marshmallow/src/marshmallow/fields.py:\nLine 1435:class TimeDelta(Field):',
    ],
  ])('not an error: %s', (_, text) => {
    expect(inferError(text)).toBeUndefined();
  });

  it('reads only the edges of a long output: an error line in the middle does not count', () => {
    const body = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n');
    expect(inferError(`${body}\nbash: foo: command not found\n${body}`)).toBeUndefined();
    expect(inferError(`${body}\nbash: foo: command not found`)).toBe('command-not-found');
  });

  it('finds a traceback whose header is far from the end', () => {
    const frames = Array.from({ length: 60 }, (_, i) => `  File "/x/m${i}.py", line ${i}, in f\n    g()`).join('\n');
    expect(
      inferError(`Traceback (most recent call last):\n${frames}\nRecursionError: maximum recursion depth exceeded`),
    ).toBe('traceback');
  });

  it('lists every rule with an id, a description and an example that the rule itself matches', () => {
    expect(ERROR_RULES.map((r) => r.id)).toEqual([
      'exit-code',
      'error-prefix',
      'command-not-found',
      'no-such-file',
      'traceback',
      'edit-lint-failed',
      'timeout',
      'rejected',
    ]);
    for (const r of ERROR_RULES) if (r.id !== 'rejected') expect(inferError(r.example)).toBe(r.id);
  });

  it('costs less than JSON-parsing the same results (which every import does anyway)', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line of output number ${i}`).join('\n');
    const texts = ['ok', 'File created successfully at: /workspace/app.py', lines, `${lines}\nerror count: 0`];
    const json = texts.map((t) => JSON.stringify({ content: t, role: 'tool' }));
    const time = (f: (i: number) => unknown) => {
      const t0 = performance.now();
      for (let i = 0; i < 100_000; i++) f(i & 3);
      return performance.now() - t0;
    };
    time((i) => inferError(texts[i])); // warm-up
    const parse = time((i) => JSON.parse(json[i]));
    let n = 0;
    const infer = time((i) => (inferError(texts[i]) ? n++ : 0));
    expect(n).toBe(0);
    expect(infer).toBeLessThan(parse);
  });
});
