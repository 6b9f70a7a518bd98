import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import { parseLoopscopeJsonl } from './loopscope-jsonl';
import { parseClineTaskFolder } from './cline-task-folder';
import { planImport, type ImportUnit } from './folder';
import { importUnit } from './folder-import';
import { TERRAFORM_TITLE } from './cline.test-util';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromText } from './source';
import type { ImportSource } from './types';

const DIR = path.resolve(__dirname, 'fixtures/cline-task');
const FILES = ['api_conversation_history.json', 'ui_messages.json', 'task_metadata.json'];
const xml = (name: string) => readFileSync(path.join(DIR, 'xml-task', name), 'utf8');
const task = (dir: string, files: Record<string, string>) => ({
  name: dir,
  files: Object.entries(files).map(([n, text]) => sourceFromText(`${dir}/${n}`, text)),
});

const describePlan = (units: ImportUnit<unknown>[]) =>
  units.map((u) =>
    u.kind === 'file'
      ? `file ${u.path}`
      : `${u.kind} ${u.path} [${u.files.map((f) => f.path.split('/').pop()).join(' ')}]`,
  );

describe('a Cline task folder', () => {
  it('is one transcript: the history with the panel log merged in', async () => {
    const r = await parseClineTaskFolder(
      task('tasks/1741942803000', Object.fromEntries(FILES.map((f) => [f, xml(f)]))),
    );
    expect(r.format).toBe('cline-task');
    expect(r.warnings).toEqual([]);
    expect(r.transcripts).toHaveLength(1);
    const [t] = r.transcripts;
    expect(t.source).toBe('tasks/1741942803000');
    expect(t.extra).toEqual({ taskId: '1741942803000', model: 'claude-3-7-sonnet-20250219' });
    expect(t.turns).toHaveLength(11);
    expect(t.turns.flatMap((u) => u.calls)).toHaveLength(12);
    // From the panel log: when each request was made, its tokens and cost.
    expect(t.turns.map((u) => u.timestamp?.slice(11, 19))).toEqual([
      '09:00:03',
      '09:00:07',
      '09:00:12',
      '09:00:17',
      '09:00:26',
      '09:00:31',
      '09:00:35',
      '09:00:40',
      '09:00:45',
      '09:00:49',
      '09:00:54',
    ]);
    expect(t.turns[1].tokens).toEqual({ input: 9700, output: 127 });
    expect(t.turns[1].extra).toEqual({ cost: 0.031005 });
    // The rate-limit failure and its retry happened while the fourth answer was requested.
    expect(t.turns[3].before).toEqual([
      {
        role: 'system',
        text: '429 {"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
        timestamp: '2025-03-14T09:00:17.900Z',
        extra: { apiError: true },
      },
      { role: 'system', text: 'API request retried', timestamp: '2025-03-14T09:00:22.200Z', extra: { apiRetry: true } },
    ]);
    await expectRoundTrip(t);
  });

  it('still imports the history when the panel log is broken, with a warning naming it', async () => {
    const r = await parseClineTaskFolder(
      task('tasks/1', { 'api_conversation_history.json': xml(FILES[0]), 'ui_messages.json': '{"ts":' }),
    );
    expect(r.transcripts[0].turns).toHaveLength(11);
    expect(r.warnings.map((w) => [w.file, w.reason.split(' (')[0]])).toEqual([
      ['tasks/1/ui_messages.json', 'not valid JSON'],
    ]);
    expect(r.warnings[0].reason.endsWith('; its timestamps and retries were not merged')).toBe(true);
  });

  it('reads a folder with only the panel log and metadata as panel messages', async () => {
    const r = await parseClineTaskFolder(
      task('tasks/2', { 'ui_messages.json': xml(FILES[1]), 'task_metadata.json': '{}' }),
    );
    expect(r.format).toBe('cline-ui-messages');
    expect(r.transcripts[0].extra).toEqual({ taskId: '2' });
  });
});

describe('planImport: Cline tasks/ folders', () => {
  const entries = (paths: string[]) => paths.map((p, i) => ({ path: p, size: 100 + i, file: p }));

  it('makes each task folder a unit and skips its bookkeeping; a lone ui_messages.json is a file', () => {
    const plan = planImport(
      entries([
        'tasks/1741942803000/api_conversation_history.json',
        'tasks/1741942803000/ui_messages.json',
        'tasks/1741942803000/task_metadata.json',
        'tasks/1741942803000/settings.json',
        'tasks/1741942803000/focus_chain_taskid_1741942803000.md',
        'tasks/1769053680628/api_conversation_history.json',
        'game/ui_messages.json',
      ]),
    );
    expect(describePlan(plan.units)).toEqual([
      'file game/ui_messages.json',
      'cline-task tasks/1741942803000 [api_conversation_history.json ui_messages.json task_metadata.json]',
      'cline-task tasks/1769053680628 [api_conversation_history.json]',
    ]);
    expect(plan.skipped).toEqual([
      { path: 'tasks/1741942803000/focus_chain_taskid_1741942803000.md', reason: 'Cline task bookkeeping' },
      { path: 'tasks/1741942803000/settings.json', reason: 'Cline task bookkeeping' },
    ]);
    expect(plan.files).toBe(5);
  });

  it('the two files dropped alone make one task', async () => {
    const plan = planImport(
      ['api_conversation_history.json', 'ui_messages.json'].map((n) => ({
        path: n,
        size: xml(n).length,
        file: sourceFromText(n, xml(n)) as ImportSource,
      })),
    );
    expect(describePlan(plan.units)).toEqual(['cline-task task [api_conversation_history.json ui_messages.json]']);
    const outcome = await importUnit(plan.units[0]);
    expect(outcome.status === 'imported' && outcome.result.transcripts.map((t) => [t.title, t.turns.length])).toEqual([
      [TERRAFORM_TITLE, 11],
    ]);
  });
});

describe('loopscope convert on a Cline tasks/ folder', () => {
  it('prints one transcript per task with its calls', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'loopscope-cline-'));
    const put = (rel: string, from?: string, text?: string) => {
      const p = path.join(root, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      if (from) copyFileSync(path.join(DIR, from), p);
      else writeFileSync(p, text ?? '');
    };
    for (const f of FILES) put(`tasks/1741942803000/${f}`, `xml-task/${f}`);
    put('tasks/1741942803000/settings.json', undefined, '{}');
    put('tasks/1769053680628/api_conversation_history.json', 'native-task/api_conversation_history.json');
    const r = await cli('convert', path.join(root, 'tasks'));
    expect(r.code).toBe(0);
    expect(r.err).toBe(`skipped: ${root}/tasks/1741942803000/settings.json: Cline task bookkeeping\n`);
    const back = await parseLoopscopeJsonl(sourceFromText('out.loop.jsonl', r.out));
    expect(back.transcripts.map((t) => [t.title, t.turns.length, t.turns.flatMap((u) => u.calls).length])).toEqual([
      [TERRAFORM_TITLE, 11, 12],
      ['Add a --version flag to the CLI that prints the package version', 4, 5],
    ]);
  });
});
