/**
 * Renders the authored runs (run definitions in this folder) to files: SWE-agent runs as real
 * `.traj` files (the format has no error flag, so what the importer infers is what is scored), the
 * others as Loopscope JSONL with the tool names and outputs of their framework; plus the rows of
 * corpus/authored/labels.tsv. Pure and deterministic: scripts/make-corpus.ts writes the result, a
 * test checks the committed files still match it.
 */
import { formatLabelsTsv, type LabelRow } from '../../src/corpus/labels-tsv';
import { CLEAN_RUNS } from './clean-runs';
import { LOOP_RUNS } from './loop-runs';
import { EVERYDAY_RUNS } from './everyday-runs';
import { spanOf, type AuthoredRun, type Call } from './run-builder';
import { VARIANT_RUNS } from './variant-runs';

export const AUTHORED_LABELS = 'corpus/authored/labels.tsv';

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
    {
      role: 'system',
      content:
        'SETTING: You are an autonomous programmer, and you are working directly in the command line with a special interface.',
      agent: 'primary',
    },
    {
      role: 'user',
      content: `We're currently solving the following issue within our repository.\nISSUE:\n${run.task}`,
      agent: 'primary',
    },
  ];
  const info = {
    exit_status: 'submitted',
    model_stats: { tokens_sent: 0, tokens_received: 0, api_calls: trajectory.length },
  };
  return JSON.stringify({ environment: 'swe_main', trajectory, history, info }, null, 2) + '\n';
}

/**
 * The error flag as the framework's importer would set it: OpenHands shell results from their
 * exit code, Codex from `Exit code: N`; the editor's `ERROR:` text carries no flag.
 */
function errorFlag(framework: string, c: Call): boolean {
  if (framework === 'openhands' && c.name === 'execute_bash') return /exit code [1-9]/.test(c.out);
  return c.isError ?? /Exit code: [1-9]/.test(c.out);
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
      const isError = errorFlag(run.framework, c);
      return {
        id: `call_${String(n).padStart(3, '0')}`,
        name: c.name,
        args: c.args,
        result: { content: c.out, isError },
        ...(c.rejected ? { rejected: true } : {}),
      };
    });
    lines.push(calls.length ? { type: 'assistant', text: s.text, calls } : { type: 'assistant', text: s.text });
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** Every authored file, by repository path, labels file included. */
export function renderAuthored(): Map<string, string> {
  const files = new Map<string, string>();
  const rows: LabelRow[] = [];
  for (const run of [...LOOP_RUNS, ...CLEAN_RUNS, ...VARIANT_RUNS, ...EVERYDAY_RUNS]) {
    const ext = run.framework === 'swe-agent' ? '.traj' : '.loop.jsonl';
    const rel = `corpus/authored/${run.framework}/${run.name}${ext}`;
    if (files.has(rel)) throw new Error(`${rel}: two authored runs with the same name`);
    files.set(rel, ext === '.traj' ? traj(run) : loopJsonl(run));
    const span = spanOf(run);
    rows.push(
      span
        ? { source: rel, transcript: '1', kind: 'loop', ...span, note: run.note }
        : { source: rel, transcript: '1', kind: 'clean', note: run.note },
    );
  }
  rows.sort((a, b) => a.source.localeCompare(b.source));
  files.set(
    AUTHORED_LABELS,
    formatLabelsTsv(rows, 'Written by scripts/make-corpus.ts: do not edit; change the script and run it again.'),
  );
  return files;
}
