/**
 * `loopscope` over folders as they sit on disk: a SWE-agent run folder, a Claude Code project
 * with a subagent, a Codex sessions tree, with their non-transcripts and one broken file.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.test-util';

const ROOT = resolve(__dirname, '../..');
const TRAJ =
  'corpus/real/swe-agent/tests/test_data/trajectories/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj';
const ROLLOUT = 'rollout-2025-10-16T10-21-30-0199ed7a-5f3b-7c12-a8e2-3c4d5e6f7a8b.jsonl';
const SUBAGENT = '5d1f0000-aaaa-4bbb-8ccc-000000000001/subagents/agent-a1b2c3.jsonl';

function put(dir: string, rel: string, content: string | { from: string }) {
  const p = join(dir, rel);
  mkdirSync(dirname(p), { recursive: true });
  if (typeof content === 'string') writeFileSync(p, content);
  else copyFileSync(join(ROOT, content.from), p);
}

const dir = mkdtempSync(join(tmpdir(), 'loopscope-folder-'));
put(dir, 'swe/6e44b9/6e44b9.traj', { from: TRAJ });
put(dir, 'swe/6e44b9/6e44b9.pred', '{"model_patch": ""}');
put(dir, 'swe/6e44b9/6e44b9.patch', 'diff --git a/x b/x\n');
put(dir, 'swe/6e44b9/6e44b9.config.yaml', 'agent: {}\n');
put(dir, 'swe/6e44b9/6e44b9.debug.log', 'started\n');
put(dir, 'swe/broken/broken.traj', '{"trajectory": [');
put(dir, 'claude/-repo/5d1f0000-aaaa-4bbb-8ccc-000000000001.jsonl', {
  from: 'src/import/fixtures/claude-code/split-sidechain.jsonl',
});
put(dir, `claude/-repo/${SUBAGENT}`, { from: `src/import/fixtures/claude-code/${SUBAGENT}` });
put(dir, `claude/-repo/${SUBAGENT.replace('.jsonl', '.meta.json')}`, '{"agentType":"Explore"}');
put(dir, `codex/sessions/2025/10/16/${ROLLOUT}`, { from: `src/import/fixtures/codex-rollout/${ROLLOUT}` });
put(dir, 'README.md', '# my runs\n');
put(dir, 'notes.txt', 'remember the milk\n');

describe('loopscope over a folder of sessions', () => {
  it('detect imports every transcript, skips non-transcripts with a note and names the broken file', async () => {
    const r = await cli('detect', '--json', dir);
    expect(r.code).toBe(0);
    const records = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; transcript: string; format: string; turns: number });
    expect(records.map((x) => [x.file.slice(dir.length + 1), x.format, x.transcript, x.turns])).toEqual([
      ['claude/-repo/5d1f0000-aaaa-4bbb-8ccc-000000000001.jsonl', 'claude-code', 'Fix add() in calc.py', 5],
      [`claude/-repo/${SUBAGENT}`, 'claude-code', 'Subagent a1b2c3: Find where add() is tested', 2],
      [`codex/sessions/2025/10/16/${ROLLOUT}`, 'codex-rollout', expect.any(String), 5],
      ['swe/6e44b9/6e44b9.traj', 'swe-agent', expect.any(String), expect.any(Number)],
    ]);
    const notes = r.err
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('warning: '))
      .map((l) => l.replace(`${dir}/`, ''));
    expect(notes).toEqual([
      'skipped: README.md: documentation',
      `skipped: claude/-repo/${SUBAGENT.replace('.jsonl', '.meta.json')}: a Claude Code subagent's metadata sidecar`,
      'skipped: swe/6e44b9/6e44b9.config.yaml: a config file',
      'skipped: swe/6e44b9/6e44b9.debug.log: a log',
      'skipped: swe/6e44b9/6e44b9.patch: a patch',
      'skipped: swe/6e44b9/6e44b9.pred: a SWE-agent prediction',
      'skipped: notes.txt: not a transcript format Loopscope reads (the content is text, not JSON, starting "remember the milk"); see docs/formats.md or `loopscope formats`',
      'error: swe/broken/broken.traj: not valid JSON (Unexpected end of JSON input) (skipped)',
    ]);
  });

  it('eval over the folder prints one line per imported file and the total', async () => {
    const r = await cli('eval', '--json', dir);
    expect(r.code).toBe(0);
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string | null; transcripts: number });
    expect(lines.map((l) => l.transcripts)).toEqual([1, 1, 1, 1, 4]);
    expect(lines[4].file).toBeNull();
  });

  it('convert takes a session folder; a folder where nothing imports exits 2 naming the broken file', async () => {
    const one = await cli('convert', join(dir, 'claude/-repo/5d1f0000-aaaa-4bbb-8ccc-000000000001'));
    expect(one.code).toBe(0);
    expect(one.out.split('\n')[0]).toContain('"title":"Subagent a1b2c3: Find where add() is tested"');
    const bad = await cli('eval', join(dir, 'swe/broken'));
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n').at(-2)).toBe(
      `loopscope: no transcript found in ${dir}/swe/broken: ${dir}/swe/broken/broken.traj: not valid JSON (Unexpected end of JSON input)`,
    );
  });
});
