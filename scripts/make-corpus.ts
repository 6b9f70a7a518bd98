/**
 * Writes the authored part of the labelled corpus (docs/corpus.md): corpus/authored/<framework>/
 * one file per run, and corpus/authored/labels.tsv with its spans. Deterministic: running it
 * twice gives the same bytes. `npx tsx scripts/make-corpus.ts`
 *
 * SWE-agent runs are written as real `.traj` files (the format has no error flag, so what the
 * importer infers is what is scored); the others as Loopscope JSONL with the tool names and
 * outputs of their framework.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLEAN_RUNS } from './corpus/clean-runs';
import { LOOP_RUNS } from './corpus/loop-runs';
import { spanOf, type AuthoredRun } from './corpus/run-builder';
import { formatLabelsTsv, type LabelRow } from '../src/corpus/labels-tsv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'corpus/authored');

function traj(run: AuthoredRun): string {
  const trajectory = run.steps.map((s) => {
    if (s.action === undefined) throw new Error(`${run.name}: a SWE-agent step needs an action`);
    return {
      action: s.action + '\n',
      observation: s.observation ?? '',
      response: `${s.text}\n\n\`\`\`\n${s.action}\n\`\`\``,
      thought: s.text,
      state: '{"open_file": "n/a", "working_dir": "/repo"}',
    };
  });
  const history = [
    { role: 'system', content: 'SETTING: You are an autonomous programmer, and you are working directly in the command line with a special interface.', agent: 'primary' },
    { role: 'user', content: `We're currently solving the following issue within our repository.\nISSUE:\n${run.task}`, agent: 'primary' },
  ];
  const info = { exit_status: 'submitted', model_stats: { tokens_sent: 0, tokens_received: 0, api_calls: trajectory.length } };
  return JSON.stringify({ environment: 'swe_main', trajectory, history, info }, null, 2) + '\n';
}

function loopJsonl(run: AuthoredRun): string {
  const lines: unknown[] = [
    { type: 'meta', version: 1, title: run.name, source: `${run.framework} (authored for the Loopscope corpus)` },
    { type: 'user', text: run.task },
  ];
  let n = 0;
  for (const s of run.steps) {
    if (s.user) lines.push({ type: 'user', text: s.user });
    const calls = (s.calls ?? []).map((c) => {
      n++;
      const isError = c.isError ?? /Exit code: [1-9]/.test(c.out);
      return { id: `call_${String(n).padStart(3, '0')}`, name: c.name, args: c.args, result: { content: c.out, isError }, ...(c.rejected ? { rejected: true } : {}) };
    });
    lines.push(calls.length ? { type: 'assistant', text: s.text, calls } : { type: 'assistant', text: s.text });
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

rmSync(outDir, { recursive: true, force: true });
const rows: LabelRow[] = [];
for (const run of [...LOOP_RUNS, ...CLEAN_RUNS]) {
  const ext = run.framework === 'swe-agent' ? '.traj' : '.loop.jsonl';
  const rel = `corpus/authored/${run.framework}/${run.name}${ext}`;
  mkdirSync(join(outDir, run.framework), { recursive: true });
  writeFileSync(join(root, rel), ext === '.traj' ? traj(run) : loopJsonl(run));
  const span = spanOf(run);
  rows.push(
    span
      ? { source: rel, transcript: '1', kind: 'loop', ...span, note: run.note }
      : { source: rel, transcript: '1', kind: 'clean', note: run.note },
  );
}
rows.sort((a, b) => a.source.localeCompare(b.source));
writeFileSync(
  join(outDir, 'labels.tsv'),
  formatLabelsTsv(rows, 'Written by scripts/make-corpus.ts: do not edit; change the script and run it again.'),
);
console.log(`${rows.length} authored runs written to corpus/authored`);
