/**
 * no-progress on the shapes of everyday coding agents' sessions (Claude Code, Codex, Cline):
 * batches of parallel calls, harness refusals, calls sent without arguments, sessions continued
 * from a summary, and the edit → build → same error cycle.
 */
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf, type CallSpec, type TurnSpec } from '../test-util';

const on = (params: Record<string, unknown> = {}): EngineConfig => ({
  detectors: { 'no-progress': { enabled: true, actions: ['warn'], ...params } },
});
const events = (items: (CallSpec | CallSpec[] | string | TurnSpec)[], params?: Record<string, unknown>) =>
  eventsOf(transcriptOf(items), on(params), 'no-progress');
const REC = { k: 4, window: 20, sameError: true, cycles: 3, recurrence: 3, sameTarget: true };

const NOT_READ = '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>';
const edit = (file: string, i = 0) =>
  failed('Edit', { file_path: `/repo/${file}`, old_string: `a${i}`, new_string: `b${i}` }, NOT_READ);
const read = (file: string) => call('Read', { file_path: `/repo/${file}` }, `1→package ${file}`);

describe('no-progress: calls of one turn repeat nothing of each other', () => {
  it('a batch of four edits refused together is one failure, not a loop', () => {
    const batch = ['a.go', 'b.go', 'c.go', 'd.go'].map((f) => edit(f));
    expect(events([read('x.go'), batch, read('y.go')], REC)).toEqual([]);
  });

  it('a sibling cascade ("Sibling tool call errored") in one turn stays quiet', () => {
    const sibling = (i: number) =>
      failed(
        'Edit',
        { file_path: '/repo/s.go', old_string: `o${i}`, new_string: `n${i}` },
        '<tool_use_error>Sibling tool call errored</tool_use_error>',
      );
    const batch = [edit('s.go'), sibling(1), sibling(2), sibling(3), sibling(4), sibling(5)];
    expect(events([batch, read('s.go')], REC)).toEqual([]);
  });

  it('the same refused edit in three turns is three occurrences: the 3rd fires', () => {
    expect(brief(events([edit('a.go'), read('z.go'), edit('a.go'), read('w.go'), edit('a.go')], REC))).toEqual([
      [5, 'warn', 1],
    ]);
  });
});

describe('no-progress: refusals by the harness are the same error only for the same action', () => {
  const DENIED =
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
  const bash = (command: string) => failed('Bash', { command }, DENIED);

  it('three different commands refused by the user are not a loop', () => {
    expect(events([bash('git push'), read('a'), bash('rm -rf build'), read('b'), bash('npm publish')], REC)).toEqual(
      [],
    );
  });

  it('the same command refused three times is', () => {
    expect(brief(events([bash('git push'), read('a'), bash('git push'), read('b'), bash('git push')], REC))).toEqual([
      [5, 'warn', 1],
    ]);
  });
});

describe('no-progress: a call sent without arguments and refused for it', () => {
  const empty = () =>
    failed(
      'str_replace_editor',
      {},
      "Missing required parameters for function 'str_replace_editor': {'command', 'path'}",
    );
  const view = (f: string) => call('str_replace_editor', { command: 'view', path: `/w/${f}` }, `1\t${f}`);

  it('is skipped: unrelated empty calls between real steps are no repeats', () => {
    expect(events([empty(), view('a'), empty(), view('b'), empty(), view('c'), empty(), view('d')], REC)).toEqual([]);
  });

  it('a call with arguments refused the same way still counts', () => {
    const half = () =>
      failed(
        'str_replace_editor',
        { path: '/w/a' },
        "Missing required parameters for function 'str_replace_editor': {'command'}",
      );
    expect(brief(events([view('a'), half(), half(), half()], REC))).toEqual([[4, 'warn', 1]]);
  });
});

describe('no-progress: a session continued from a summary starts afresh', () => {
  const reads = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'].map(read);
  const CONTINUED =
    'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.';

  it('re-reading the files after the summary is not a loop', () => {
    const after: TurnSpec[] = reads.map((r, i) => ({
      calls: [r],
      before: i === 0 ? [{ role: 'user', text: CONTINUED }] : undefined,
    }));
    expect(events([...reads, ...after, ...reads], REC)).toEqual([]);
  });

  it('without the summary the same re-reads are', () => {
    expect(brief(events([...reads, ...reads, ...reads], REC))).toEqual([
      [11, 'warn', 1],
      [15, 'warn', 2],
    ]);
  });
});

describe('no-progress acrossChanges: edit, build, the same error', () => {
  const CYCLE =
    'Exit code 1\npackage entire.io/cli/checkpoint\n\timports entire.io/cli/logging from committed.go\n\timports entire.io/cli/checkpoint from logger.go: import cycle not allowed';
  const build = () => failed('Bash', { command: 'go build ./cmd/entire/cli/checkpoint' }, CYCLE);
  const fix = (i: number) =>
    call(
      'Edit',
      { file_path: `/repo/f${i}.go`, old_string: 'x', new_string: `y${i}` },
      `The file /repo/f${i}.go has been updated successfully.`,
    );
  const items = [build(), fix(1), read('g.go'), build(), fix(2), fix(3), build(), fix(4), build()];

  it('counts the failure across the edits: the 3rd identical build error fires', () => {
    expect(brief(events(items, { ...REC, acrossChanges: 3 }))).toEqual([[7, 'warn', 1]]);
  });

  it('off, each successful edit starts the count again', () => {
    expect(events(items, REC)).toEqual([]);
  });

  it('a build whose error changes after each edit is progress either way', () => {
    const moving = (i: number) =>
      failed('Bash', { command: 'go build ./...' }, `Exit code 1\nmain.go:${10 * i}: undefined: f${i}`);
    const run = [moving(1), fix(1), moving(2), fix(2), moving(3), fix(3), moving(4)];
    expect(events(run, { ...REC, acrossChanges: 3 })).toEqual([]);
  });

  it('a new request from the user starts the count again', () => {
    const asked: TurnSpec = { calls: [build()], before: [{ role: 'user', text: 'mise run build is failing' }] };
    expect(events([build(), fix(1), build(), fix(2), asked], { ...REC, acrossChanges: 3 })).toEqual([]);
  });
});

describe('no-progress: empty turns', () => {
  it('turns with neither text nor calls (thinking only) are no steps', () => {
    expect(events(['', read('a'), '', read('b'), '', read('c'), '', read('d'), ''], REC)).toEqual([]);
  });
});

describe('no-progress: commands not found', () => {
  const sh = (command: string, out: string) =>
    failed('shell', { command: ['bash', '-lc', command] }, `/bin/bash: line 1: ${out}\n`);

  it('three different missing tools (rg, pixi, python) are three different errors (real Codex run)', () => {
    const items = [
      sh('rg --files', 'rg: command not found'),
      call('shell', { command: ['bash', '-lc', 'ls'] }, 'src'),
      sh('pixi run specify --help', 'pixi: command not found'),
      sh('python -c "import specify_cli"', 'python: command not found'),
    ];
    expect(events(items, REC)).toEqual([]);
  });

  it('prose sent as commands (a capitalised first word each time) is the same error', () => {
    const items = [
      sh('Let me check the flag', 'Let: command not found'),
      sh('First I will look at the Args struct', 'First: command not found'),
      sh('I should inspect the attributes', 'I: command not found'),
    ];
    expect(brief(events(items, REC))).toEqual([[3, 'warn', 1]]);
  });
});

describe('no-progress: a failed API request is no new input', () => {
  it('an API error and its retry between copies of the same failure do not start the count again (a Cline task)', () => {
    const plan = () =>
      failed(
        'execute_command',
        { command: 'cd infra && terraform plan -no-color' },
        'Error: Reference to undeclared resource',
      );
    const retried: TurnSpec = {
      calls: [plan()],
      before: [
        { role: 'system', text: '429 rate_limit_error', extra: { apiError: true } },
        { role: 'system', text: 'API request retried', extra: { apiRetry: true } },
      ],
    };
    const items = [read('main.tf'), plan(), plan(), retried, plan()];
    expect(brief(events(items, { ...REC, k: 100, cycles: 0 }))).toEqual([[4, 'warn', 1]]);
    // A new message from the user does.
    const asked: TurnSpec = { calls: [plan()], before: [{ role: 'user', text: 'try once more' }] };
    expect(events([read('main.tf'), plan(), plan(), asked, plan()], { ...REC, k: 100, cycles: 0 })).toEqual([]);
  });
});
