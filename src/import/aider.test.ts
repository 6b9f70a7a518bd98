import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../model/transcript';
import { aiderImporter, parseAider } from './aider';
import { parseCount, parseTokens } from './aider-lines';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';
import type { ImportResult } from './types';

const CORPUS = path.resolve(__dirname, '../../corpus/real/aider/tests/fixtures/chat-history.md');

const calls = (t: Transcript) => t.turns.flatMap((u) => u.calls);
const byTitle = (r: ImportResult, prefix: string) => {
  const t = r.transcripts.find((x) => x.title.startsWith(prefix));
  if (!t) throw new Error(`no transcript titled ${prefix}`);
  return t;
};

describe('aider importer on the real 4.1 MB chat history', () => {
  let bytes: Uint8Array;
  let result: ImportResult;

  beforeAll(async () => {
    bytes = new Uint8Array(readFileSync(CORPUS));
    // Its speed is measured by `npm run bench` (import section), not here.
    result = await parseAider(sourceFromBytes('chat-history.md', bytes));
  });

  it('reads every session with a reply and counts the others in one warning', () => {
    const ts = result.transcripts;
    expect(ts).toHaveLength(461);
    expect(ts.reduce((n, t) => n + t.turns.length, 0)).toBe(877);
    const all = ts.flatMap(calls);
    expect(all).toHaveLength(1242);
    expect(all.filter((c) => c.name === 'edit')).toHaveLength(623);
    expect(all.filter((c) => c.name === 'commit')).toHaveLength(588);
    expect(all.filter((c) => c.name === 'run')).toHaveLength(22);
    expect(all.filter((c) => c.name === 'test')).toHaveLength(9);
    expect(all.filter((c) => c.result?.isError)).toHaveLength(131);
    expect(result.warnings).toEqual([
      {
        file: 'chat-history.md',
        line: 2,
        reason:
          'skipped 673 of 1134 sessions with no assistant reply (only commands or harness output): ' +
          'the sessions starting at lines 2, 94, 248, 1622, 1643 and 668 more',
      },
    ]);
  });

  it('turns the first session into one turn with its edit, commit and tokens', () => {
    const t = result.transcripts[0];
    expect(t.title).toBe('aider 2024-08-05 19:33:32 — Use the Spinner instead of the inlined custom spinner');
    expect(t.format).toBe('aider');
    expect(t.extra).toEqual({ startedAt: '2024-08-05 19:33:32' });
    expect(t.turns).toHaveLength(1);
    const [turn] = t.turns;
    expect(turn.text.startsWith("Certainly! I'll modify the `run_install` function")).toBe(true);
    expect(turn.tokens).toEqual({ input: 5244, output: 604 });
    expect(turn.extra).toEqual({ cost: 0.02 });
    expect(turn.before?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(turn.before?.[1].text).toBe('Use the Spinner instead of the inlined custom spinner');
    const [edit] = turn.calls;
    expect(edit.name).toBe('edit');
    expect(edit.result).toEqual({ content: 'Applied edit to aider/utils.py', isError: false });
    const args = edit.args as { path: string; search: string; replace: string };
    expect(Object.keys(args)).toEqual(['path', 'search', 'replace']);
    expect(args.path).toBe('aider/utils.py');
    expect(args.search.split('\n', 1)[0]).toBe('def run_install(cmd):');
    expect(args.search).toContain('spinner = itertools.cycle(');
    expect(args.replace).toContain('spinner = Spinner("Installing...")');
    expect(turn.calls.slice(1)).toEqual([
      {
        index: 2,
        name: 'commit',
        args: { hash: 'fd43cd4', message: 'feat: Use the Spinner instead of the inlined custom spinner' },
        result: {
          content: 'Commit fd43cd4 feat: Use the Spinner instead of the inlined custom spinner',
          isError: false,
        },
      },
    ]);
    expect(t.after?.map((m) => `${m.role}: ${m.text}`)).toEqual([
      'system: You can use /undo to revert and discard commit fd43cd4.',
      'user: /diff',
      'user: /ex',
    ]);
  });

  it('makes a failed SEARCH/REPLACE an edit error on its file and the retry a new turn', () => {
    const t = byTitle(result, 'aider 2024-08-06 09:47:11');
    expect(t.turns).toHaveLength(3);
    const [failed, retried] = calls(t);
    expect(failed.name).toBe('edit');
    expect((failed.args as { path: string }).path).toBe('aider/coders/base_coder.py');
    expect(failed.result?.isError).toBe(true);
    expect(failed.result?.content.split('\n').slice(0, 5)).toEqual([
      'The LLM did not conform to the edit format.',
      'https://aider.chat/docs/troubleshooting/edit-errors.html',
      '# 1 SEARCH/REPLACE block failed to match!',
      '',
      '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in aider/coders/base_coder.py',
    ]);
    expect(retried).toMatchObject({ index: 2, name: 'edit', result: { isError: false } });
    expect(t.turns[1].text.startsWith('I apologize for the mismatch.')).toBe(true);
    expect(t.turns[1].tokens).toEqual({ input: 19322, output: 206 });
  });

  it('makes "Running <cmd>" a run call whose non-zero exit is an error', () => {
    const t = byTitle(result, 'aider 2024-08-21 21:45:37');
    const run = calls(t).find((c) => c.name === 'run')!;
    expect(run.index).toBe(5);
    expect(run.args).toEqual({
      command: 'python -m unittest tests.basic.test_main.TestMain.test_apply_shell_commands',
    });
    expect(run.result?.isError).toBe(true);
    expect(run.result?.content.split('\n')[0]).toBe(
      "Command 'python -m unittest tests.basic.test_main.TestMain.test_apply_shell_commands' exited with status 1",
    );
    // The next command offered (and declined) is not part of this run's output.
    expect(run.result?.content).not.toContain('unittest -v');
  });

  it('keeps markdown headings and quoted files inside a reply as reply text', () => {
    const t = byTitle(result, 'aider 2024-08-08 10:12:57');
    expect(t.turns[0].text).toContain('\n#### `InputOutput` Class\n');
  });

  it('round-trips every session through Loopscope JSONL', async () => {
    for (const t of result.transcripts) await expectRoundTrip(t);
  });
});

const SMALL = [
  '# aider chat started at 2025-01-02 03:04:05',
  '',
  '> aider --model x  ',
  '',
  '#### /add a.py  ',
  '> Added a.py to the chat  ',
  '',
  '#### fix the bug  ',
  '#### in a.py  ',
  '',
  'Sure. Here is the fix:',
  '',
  '#### Step one',
  '',
  '```',
  '> not harness, inside code',
  '```',
  '',
  'a.py',
  '```python',
  '<<<<<<< SEARCH',
  'x = 1',
  '=======',
  'x = 2',
  '>>>>>>> REPLACE',
  '```',
  '',
  '> Tokens: 1.2k sent, 345 received.',
  'Cost: $0.01 message, $0.01 session.  ',
  '> Failed to apply edit to a.py  ',
  '> Running pytest -q  ',
  '> 3 failed  ',
  "> Command 'pytest -q' exited with status 1  ",
  '> pytest -x  ',
  '> Run shell command? [Y/n] n  ',
  '> Commit abc1234 fix: the bug  ',
  '',
  '# aider chat started at 2025-01-02 04:00:00',
  '',
  '> aider --apply x  ',
  '> Tokens: 2M sent, 0 received.  ',
].join('\n');

describe('aider importer on a small history', () => {
  it('parses markers, multi-line harness messages, tokens and calls', async () => {
    const { transcripts, warnings } = await parseAider(sourceFromText('.aider.chat.history.md', SMALL));
    expect(warnings).toEqual([
      {
        file: '.aider.chat.history.md',
        line: 38,
        reason:
          'skipped 1 of 2 sessions with no assistant reply (only commands or harness output): the session starting at line 38',
      },
    ]);
    const [t] = transcripts;
    expect(t.title).toBe('aider 2025-01-02 03:04:05 — fix the bug in a.py');
    expect(t.turns).toHaveLength(1);
    const [turn] = t.turns;
    expect(turn.before).toEqual([
      { role: 'system', text: 'aider --model x' },
      { role: 'user', text: '/add a.py' },
      { role: 'system', text: 'Added a.py to the chat' },
      { role: 'user', text: 'fix the bug\nin a.py' },
    ]);
    expect(turn.text).toBe(
      'Sure. Here is the fix:\n\n#### Step one\n\n```\n> not harness, inside code\n```\n\n' +
        'a.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```',
    );
    expect(turn.tokens).toEqual({ input: 1200, output: 345 });
    expect(turn.calls.map((c) => [c.name, c.args, c.result?.isError])).toEqual([
      ['edit', { path: 'a.py', search: 'x = 1', replace: 'x = 2' }, true],
      ['run', { command: 'pytest -q' }, true],
      ['commit', { hash: 'abc1234', message: 'fix: the bug' }, false],
    ]);
    expect(turn.calls[1].result?.content).toBe("3 failed\nCommand 'pytest -q' exited with status 1");
    expect(t.after).toEqual([{ role: 'system', text: 'pytest -x\nRun shell command? [Y/n] n' }]);
    await expectRoundTrip(t);
  });

  it('fails clearly when no session has a reply', async () => {
    const only = '# aider chat started at 2025-01-02 04:00:00\n\n> aider  \n\n#### /ex  \n';
    await expect(parseAider(sourceFromText('h.md', only))).rejects.toThrow(
      'none of its 1 aider sessions has an assistant reply',
    );
  });

  it('parses token counts with k/M suffixes and thousands separators', () => {
    expect([parseCount('12k'), parseCount('1,497'), parseCount('2.4k'), parseCount('1.5M'), parseCount('x')]).toEqual([
      12000, 1497, 2400, 1500000, 0,
    ]);
    expect(
      parseTokens('Tokens: 194 sent, 9,474 cached, 7 received. Cost: $0.000057 message, $0.000057 session.'),
    ).toEqual({
      input: 194,
      output: 7,
      cached: 9474,
      cost: 0.000057,
    });
  });
});

describe('aider sniffing', () => {
  it('matches by name and by the session header', () => {
    expect(aiderImporter.matchesName('/home/me/proj/.aider.chat.history.md')).toBe(true);
    expect(aiderImporter.matchesName('chat-history.md')).toBe(false);
    expect(
      aiderImporter.sniff('-*- mode: fundamental -*-\n\n# aider chat started at 2024-08-05 19:33:02\n', 'x.md'),
    ).toBeNull();
    expect(aiderImporter.sniff('# Notes\n\n#### not aider\n', 'notes.md')).toMatch(/no "# aider chat started at"/);
  });

  it('is picked by content for the corpus file (not named .aider.chat.history.md)', async () => {
    const r = await importSource(sourceFromBytes('chat-history.md', new Uint8Array(readFileSync(CORPUS))));
    expect(r.format).toBe('aider');
    expect(r.transcripts).toHaveLength(461);
  });
});
