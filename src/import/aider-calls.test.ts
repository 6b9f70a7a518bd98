import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCall, Transcript } from '../model/transcript';
import { parseAider } from './aider';
import { parseEditBlocks, parseFailureReport } from './aider-edits';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';
import type { ImportResult } from './types';

const REAL = path.resolve(__dirname, '../../corpus/real/aider');
const read = async (rel: string) =>
  parseAider(sourceFromBytes(path.basename(rel), new Uint8Array(readFileSync(path.join(REAL, rel)))));
const byTitle = (r: ImportResult, prefix: string): Transcript => {
  const t = r.transcripts.find((x) => x.title.startsWith(prefix));
  if (!t) throw new Error(`no transcript titled ${prefix}`);
  return t;
};
const calls = (t: Transcript) => t.turns.flatMap((u) => u.calls);
/** name, turn, path or command, error: what a row of the turn table shows. */
const rows = (t: Transcript) =>
  t.turns.flatMap((u) =>
    u.calls.map((c) => {
      const a = c.args as { path?: string; command?: string; hash?: string };
      return `t${u.index} ${c.name} ${a.path ?? a.command ?? a.hash ?? ''}${c.result?.isError ? ' ERROR' : ''}`;
    }),
  );
const lines = (c: ToolCall) => c.result!.content.split('\n');

describe('aider calls in the real test-fixture history', () => {
  let r: ImportResult;
  beforeAll(async () => {
    r = await read('tests/fixtures/chat-history.md');
  });

  it('counts the calls of named sessions', () => {
    const count = (p: string) => calls(byTitle(r, `aider ${p}`)).length;
    expect([
      count('2024-08-05 19:33:32'),
      count('2024-08-06 08:47:10'),
      count('2024-08-07 13:24:55'),
      count('2024-08-09 18:12:18'),
      count('2024-08-10 04:53:58'),
    ]).toEqual([2, 21, 14, 12, 16]);
  });

  it('shows a lint failure, three failed SEARCH/REPLACE retries and the reflection stop', () => {
    const t = byTitle(r, 'aider 2024-08-07 13:24:55');
    expect(rows(t).slice(4, 10)).toEqual([
      't2 edit aider/main.py ERROR',
      't2 commit fe6a2e8',
      't2 commit c55a90b',
      't3 edit aider/main.py ERROR',
      't4 edit aider/main.py ERROR',
      't5 edit aider/main.py ERROR',
    ]);
    const [linted, , , first, , last] = calls(t).slice(4, 10);
    // The edit applied; the lint report aider sent back makes it an error.
    expect(lines(linted).slice(0, 5)).toEqual([
      'Applied edit to aider/main.py',
      '',
      '# Fix any errors below, if possible.',
      '',
      '## Running: /Users/gauthier/Projects/aider/tmp.lint.sh aider/main.py',
    ]);
    expect(lines(linted)).toContain("aider/main.py:487:16: F821 undefined name 'SuitableRepoNotFound'");
    expect(lines(linted).at(-1)).toBe('Attempt to fix lint errors? y');
    expect(first.args).toEqual({
      path: 'aider/main.py',
      search: 'from aider.repo import GitRepo\nfrom aider.sendchat import simple_send_with_retries',
      replace:
        'from aider.repo import GitRepo, SuitableRepoNotFound\nfrom aider.sendchat import simple_send_with_retries',
    });
    expect(lines(first).slice(2, 5)).toEqual([
      '# 1 SEARCH/REPLACE block failed to match!',
      '',
      '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in aider/main.py',
    ]);
    expect(lines(last).slice(-2)).toEqual([
      'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc',
      'Only 3 reflections allowed, stopping.',
    ]);
  });

  it('applies the blocks a failure report does not list when it says the others were applied', () => {
    const t = byTitle(r, 'aider 2024-08-09 18:12:18');
    const [failed, applied] = t.turns[4].calls;
    expect(failed.result?.isError).toBe(true);
    expect(lines(failed)[4]).toBe(
      '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in aider/commands.py',
    );
    expect(applied.result).toEqual({
      content: '# The other 1 SEARCH/REPLACE block were applied successfully.',
      isError: false,
    });
  });

  it('makes the human /test a test call of the reply before it, failed when its output went to the model', () => {
    const t = byTitle(r, 'aider 2024-08-06 08:47:10');
    const test = calls(t)[5];
    expect(rows(t)[5]).toBe('t3 test pytest tests/basic/test_repomap.py ERROR');
    expect(test.args).toEqual({ command: 'pytest tests/basic/test_repomap.py' });
    expect(lines(test)[0]).toBe('============================= test session starts ==============================');
    // aider printed the output twice (as it ran, then as it went to the chat): kept once.
    expect(lines(test).filter((l) => l.includes('test session starts'))).toHaveLength(1);
    expect(lines(test).at(-1)).toBe('========================= 1 failed, 6 passed in 3.28s ==========================');
    expect(t.turns[3].before?.at(-1)).toEqual({ role: 'user', text: '/test pytest tests/basic/test_repomap.py' });
  });

  it('makes the human /run a run call with its output, failed on a pytest failure summary', () => {
    const t = byTitle(r, 'aider 2024-08-10 04:53:58');
    const run = calls(t)[8];
    expect(rows(t)[8]).toBe('t3 run pytest tests/scrape/test_scrape.py ERROR');
    expect(lines(run).slice(-3)).toEqual([
      '========================= 1 failed, 4 passed in 7.55s ==========================',
      'Add the output to the chat?',
      '(y/n/instructions) does self.scrape_with_playwright always return the tuple?',
    ]);
  });

  it('puts an auto-test report on the edits it tested', () => {
    const t = byTitle(r, 'aider 2024-08-10 08:58:35');
    const edits = t.turns[0].calls.filter((c) => c.name === 'edit');
    expect(edits.map((c) => c.result?.isError)).toEqual([true, true, true, true, true]);
    expect(lines(edits[0]).slice(0, 3)).toEqual([
      'Applied edit to tests/basic/test_coder.py',
      '',
      '============================= test session starts ==============================',
    ]);
    expect(lines(edits[0]).at(-1)).toBe('Attempt to fix test errors? y');
  });
});

describe('aider calls in real user histories', () => {
  it('AFI-Protocol/afi-core: blocks, a partial failure, suggested shell commands', async () => {
    const r = await read('AFI-Protocol__afi-core/.aider.chat.history.md');
    expect(r.transcripts.map((t) => calls(t).length)).toEqual([0, 5, 0, 0, 22, 3, 2, 13]);
    const t = byTitle(r, 'aider 2025-07-16 20:11:30');
    expect(rows(t).slice(16, 20)).toEqual([
      't12 edit cli_hooks/validator_invoker.ts ERROR',
      't12 edit tests/poi_validator.test.ts',
      't12 edit tests/poi_validator.test.ts',
      't12 commit 7f1724d',
    ]);
    const pwd = calls(byTitle(r, 'aider 2025-07-23 11:25:21'))[0];
    expect(pwd).toMatchObject({ name: 'run', args: { command: 'pwd' } });
    expect(lines(pwd)).toEqual([
      "Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y",
      'Added 2 lines of output to the chat.',
    ]);
    for (const x of r.transcripts) await expectRoundTrip(x);
  });

  it('AlexShchuka/mozgoslav: whole-file edits carry the file content', async () => {
    const r = await read('AlexShchuka__mozgoslav/.aider.chat.history.md');
    expect(r.transcripts.map((t) => calls(t).length)).toEqual([0, 5]);
    const [edit] = calls(r.transcripts[1]);
    expect(edit.name).toBe('edit');
    const args = edit.args as { path: string; content: string };
    expect(args.path).toBe('Topology');
    expect(args.content.split('\n', 1)[0]).toBe('[UI/Hook] ');
    expect(edit.result).toEqual({ content: 'Applied edit to Topology', isError: false });
    for (const x of r.transcripts) await expectRoundTrip(x);
  });
});

const FLOW = [
  '# aider chat started at 2025-01-02 03:04:05',
  '',
  '#### change a and b  ',
  '',
  'Here are the edits:',
  '',
  'a.py',
  '```python',
  '<<<<<<< SEARCH',
  'a = 1',
  '=======',
  'a = 2',
  '>>>>>>> REPLACE',
  '```',
  '',
  'b.py',
  '```python',
  '<<<<<<< SEARCH',
  'b = 1',
  '=======',
  'b = 2',
  '>>>>>>> REPLACE',
  '```',
  '',
  '> Tokens: 1k sent, 10 received.  ',
  '> The LLM did not conform to the edit format.  ',
  '> https://aider.chat/docs/troubleshooting/edit-errors.html  ',
  '> # 1 SEARCH/REPLACE block failed to match!  ',
  '>   ',
  '> ## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in b.py  ',
  '> <<<<<<< SEARCH  ',
  '> b = 1  ',
  '> =======  ',
  '> b = 2  ',
  '> >>>>>>> REPLACE  ',
  '>   ',
  '> The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc  ',
  '>   ',
  '> # The other 1 SEARCH/REPLACE block were applied successfully.  ',
  "> Don't re-send them.  ",
  '> Just reply with fixed versions of the block above that failed to match.  ',
  '',
  'b.py',
  '```python',
  '<<<<<<< SEARCH',
  'b = 0',
  '=======',
  'b = 2',
  '>>>>>>> REPLACE',
  '```',
  '',
  '> Tokens: 1k sent, 10 received.  ',
  '> Applied edit to b.py  ',
  '> Commit abc1234 fix: b  ',
  '>  ',
  '> # Fix any errors below, if possible.  ',
  '>  ',
  '> ## Running: flake8 b.py  ',
  '>  ',
  "> b.py:1:1: F821 undefined name 'c'  ",
  '>  ',
  '> Attempt to fix lint errors? (Y)es/(N)o [Yes]: n  ',
  '',
  '#### /test pytest -q  ',
  '> Added 3 lines of output to the chat.  ',
  '',
  'I see, here is the fix.',
  '',
  '> Tokens: 1k sent, 10 received.  ',
  '',
  '#### /ask where is c?  ',
  '',
  'x.py',
  '```python',
  '<<<<<<< SEARCH',
  'c',
  '=======',
  'd',
  '>>>>>>> REPLACE',
  '```',
  '',
  '> Tokens: 1k sent, 10 received.  ',
  '',
  '#### /run make  ',
  '> Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: n  ',
  '',
].join('\n');

describe('aider calls of a small history', () => {
  it('gives each block its outcome, lint and /test as errors, and drops blocks nothing answered', async () => {
    const [t] = (await parseAider(sourceFromText('.aider.chat.history.md', FLOW))).transcripts;
    expect(t.turns).toHaveLength(4);
    expect(t.turns.map((u) => u.calls.map((c) => [c.name, c.args, c.result]))).toEqual([
      [
        [
          'edit',
          { path: 'a.py', search: 'a = 1', replace: 'a = 2' },
          { content: '# The other 1 SEARCH/REPLACE block were applied successfully.', isError: false },
        ],
        [
          'edit',
          { path: 'b.py', search: 'b = 1', replace: 'b = 2' },
          {
            content: [
              'The LLM did not conform to the edit format.\nhttps://aider.chat/docs/troubleshooting/edit-errors.html\n# 1 SEARCH/REPLACE block failed to match!',
              '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in b.py\n<<<<<<< SEARCH\nb = 1\n=======\nb = 2\n>>>>>>> REPLACE',
              'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n\n' +
                "# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the block above that failed to match.",
            ].join('\n\n'),
            isError: true,
          },
        ],
      ],
      [
        [
          'edit',
          { path: 'b.py', search: 'b = 0', replace: 'b = 2' },
          {
            content:
              'Applied edit to b.py\n\n# Fix any errors below, if possible.\n\n## Running: flake8 b.py\n\n' +
              "b.py:1:1: F821 undefined name 'c'\n\nAttempt to fix lint errors? (Y)es/(N)o [Yes]: n",
            isError: true,
          },
        ],
        ['commit', { hash: 'abc1234', message: 'fix: b' }, { content: 'Commit abc1234 fix: b', isError: false }],
        ['test', { command: 'pytest -q' }, { content: 'Added 3 lines of output to the chat.', isError: true }],
      ],
      [],
      [
        [
          'run',
          { command: 'make' },
          { content: 'Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: n', isError: false },
        ],
      ],
    ]);
    expect(t.turns[2].before).toEqual([{ role: 'user', text: '/test pytest -q' }]);
    await expectRoundTrip(t);
  });
});

describe('aider edits from hostile text', () => {
  it('reads a megabyte of unterminated SEARCH markers in linear time and makes no block of them', async () => {
    const flood = Array.from({ length: 70_000 }, () => '<<<<<<< SEARCH').join('\n');
    expect(flood.length).toBeGreaterThan(1_000_000);
    const history = [
      '# aider chat started at 2025-01-02 03:04:05',
      '',
      '#### go  ',
      '',
      'a.py',
      flood,
      '',
      '> Applied edit to a.py  ',
      '> The LLM did not conform to the edit format.  ',
      '> ## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py  ',
      flood
        .split('\n')
        .map((l) => `> ${l}  `)
        .join('\n'),
    ].join('\n');
    const t0 = performance.now();
    const [t] = (await parseAider(sourceFromText('h.md', history))).transcripts;
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(t.turns[0].calls.map((c) => [c.name, c.args, c.result?.isError])).toEqual([
      ['edit', { path: 'a.py' }, false],
      // The report never finishes a section: the failure has no file.
      ['edit', {}, true],
    ]);
  });

  it('parses blocks and failure reports in one pass', () => {
    const pairs = Array.from({ length: 50_000 }, () => '<<<<<<< SEARCH\n=======')
      .join('\n')
      .split('\n');
    const t0 = performance.now();
    expect(parseEditBlocks(['f.py', ...pairs])).toEqual([]);
    const report = parseFailureReport(
      Array.from(
        { length: 50_000 },
        () => '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in f.py',
      ).join('\n'),
    );
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(report.blocks).toEqual([]);
  });

  it('takes the filename from up to 3 lines before a block, past fences, and reuses it', () => {
    const blocks = parseEditBlocks(
      '### `src/a.py`:\n```python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n=======\nz\n>>>>>>> REPLACE\n```'.split(
        '\n',
      ),
    );
    expect(blocks).toEqual([
      { path: 'src/a.py', search: 'x', replace: 'y' },
      { path: 'src/a.py', search: '', replace: 'z' },
    ]);
  });
});
