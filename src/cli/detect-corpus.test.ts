/**
 * `loopscope detect --json` over the whole real corpus as one folder: every transcript file
 * imports (one output line per transcript), and the licences, README and PROVENANCE.tsv are
 * skipped by name with a one-line note on stderr.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.test-util';

const CORPUS = resolve(__dirname, '../../corpus/real');

describe('loopscope detect over corpus/real', () => {
  it('prints one line per transcript of every corpus file and skips the non-transcripts with a note', async () => {
    const { code, out, err } = await cli('detect', '--json', CORPUS);
    expect(code).toBe(0);

    const records = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; format: string; calls: number });
    expect(records).toHaveLength(563);
    const byFormat: Record<string, number> = {};
    for (const r of records) byFormat[r.format] = (byFormat[r.format] ?? 0) + 1;
    expect(byFormat).toEqual({
      aider: 471,
      'claude-code': 13,
      'codex-rollout': 6,
      'gemini-cli': 3,
      'inspect-ai': 21,
      moatless: 12,
      openhands: 9,
      specstory: 6,
      'swe-agent': 22,
    });
    expect(new Set(records.map((r) => r.file)).size).toBe(76);

    const skipped = err.split('\n').filter((l) => l.startsWith('skipped: '));
    // A one-line note each, by name and unread: the per-format reasons are for files named explicitly.
    expect(skipped.map((l) => l.replace(`${CORPUS}/`, '')).sort()).toEqual([
      'skipped: PROVENANCE.tsv: a table',
      'skipped: README.md: documentation',
      'skipped: aider/AFI-Protocol__afi-core/LICENSE: a licence or notice',
      'skipped: aider/AlexShchuka__mozgoslav/LICENSE: a licence or notice',
      'skipped: aider/LICENSE: a licence or notice',
      'skipped: claude-code/LICENSE: a licence or notice',
      'skipped: claude-code/entireio__cli/LICENSE: a licence or notice',
      'skipped: claude-code/moredip__session-share/LICENSE: a licence or notice',
      'skipped: codex/Python-AI-Solutions__agentic-neurodata-conversion/LICENSE: a licence or notice',
      'skipped: cursor/edobry__minsky/LICENSE: a licence or notice',
      'skipped: gemini-cli/mischa-thisness__M-Gemini/LICENSE: a licence or notice',
      'skipped: inspect-ai/LICENSE: a licence or notice',
      'skipped: moatless/LICENSE: a licence or notice',
      'skipped: openhands/LICENSE: a licence or notice',
      'skipped: swe-agent/LICENSE: a licence or notice',
    ]);
    expect(err).not.toContain('not a transcript format');
    // Everything else on stderr is a warning naming its file.
    for (const l of err.trimEnd().split('\n')) expect(l).toMatch(/^(skipped|warning): /);
  }, 60_000);

  it('a non-transcript named explicitly is a one-line error saying what it looked like', async () => {
    const { code, err } = await cli('detect', `${CORPUS}/README.md`);
    expect(code).toBe(2);
    expect(err).toBe(
      `loopscope: ${CORPUS}/README.md: not a transcript format Loopscope reads (the content is text, not JSON, starting "# Real agent transcripts"); see docs/formats.md or \`loopscope formats\`\n`,
    );
  });
});
