import { mkdirSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../run-cli.test-util';
import { appendAndStep, fileFollower, follow, tempFile, type Followed } from './follow.test-util';
import { SessionFolderTarget } from './session-folder-target';

const CLAUDE = 'corpus/real/claude-code/entireio__cli/ea/aad03dd419/0/full.jsonl';
const CODEX =
  'src/import/fixtures/codex-rollout/rollout-2025-10-16T10-21-30-0199ed7a-5f3b-7c12-a8e2-3c4d5e6f7a8b.jsonl';
const OPENHANDS_STREAM = 'src/import/fixtures/openhands/events-stream/events.jsonl';
const SAMPLE = 'src/samples/missing-path-ls-loop.loop.jsonl';

/** `detect --json`'s events for a file or folder under a preset. */
async function detected(path: string, preset: string): Promise<Record<string, unknown>[]> {
  const r = await cli('detect', '--json', path, '--preset', preset);
  expect(r.code).toBe(0);
  return (JSON.parse(r.out) as { events: Record<string, unknown>[] }).events;
}

function withoutFile(events: Record<string, unknown>[]): Record<string, unknown>[] {
  return events.map(({ file: _f, transcript: _t, ...e }) => e);
}

function linesOf(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${l}\n`);
}

/** Appends each line of `source` to a new file, stepping after each (after each half: `split`). */
async function followLineByLine(source: string, preset: string, split = false): Promise<Followed> {
  const path = tempFile(source.split('/').pop()!);
  const f = fileFollower(path, preset);
  for (const line of linesOf(source)) {
    if (split) {
      const cut = Math.floor(line.length / 2);
      await appendAndStep(f, path, line.slice(0, cut));
      await appendAndStep(f, path, line.slice(cut));
    } else await appendAndStep(f, path, line);
  }
  await f.step(true);
  return f;
}

describe('watch: a session file appended line by line prints what detect prints on the final file', () => {
  it.each([
    ['a real Claude Code session (parallel calls, one response over several lines)', CLAUDE, 'chatloop-aggressive', 8],
    ['the same session under another preset', CLAUDE, 'pydantic-deepagents', 13],
    ['a Codex rollout', CODEX, 'chatloop-aggressive', 1],
    ['an OpenHands events.jsonl', OPENHANDS_STREAM, 'pydantic-deepagents', 3],
  ])('%s', async (_what, source, preset, count) => {
    const expected = await detected(source, preset);
    expect(expected).toHaveLength(count);
    const f = await followLineByLine(source, preset);
    expect(withoutFile(f.events())).toEqual(expected);
    expect(f.err()).not.toContain('warning:');
  });

  it('each line written in two pieces: the cut line is waited for, never a warning', async () => {
    const f = await followLineByLine(SAMPLE, 'cline', true);
    expect(withoutFile(f.events())).toEqual(await detected(SAMPLE, 'cline'));
    expect(f.err()).toBe('');
  });

  it('--json lines carry the file and the transcript title before the event', async () => {
    const f = await followLineByLine(SAMPLE, 'cline');
    const [first] = f.events();
    expect(Object.keys(first)).toEqual([
      'file',
      'transcript',
      'turn',
      'call',
      'detector',
      'action',
      'level',
      'message',
    ]);
    expect(first.transcript).toBe('Stuck listing a missing folder');
    expect(first.turn).toBe(8);
    expect(first.action).toBe('warn');
  });
});

describe('watch: the newest turn', () => {
  const lines = linesOf(SAMPLE);
  // Line 0 is meta, line 1 the user's task; turn n is on line n + 1.
  const upToTurn = (n: number) => lines.slice(0, n + 2).join('');

  it('is held while the file is still being written, printed once a later turn begins', async () => {
    const path = tempFile('run.loop.jsonl');
    const f = fileFollower(path, 'cline', 60_000);
    await appendAndStep(f, path, upToTurn(8));
    expect(f.events()).toEqual([]);
    await appendAndStep(f, path, lines[10]);
    expect(f.events().map((e) => [e.turn, e.action])).toEqual([[8, 'warn']]);
  });

  it('is printed once the file is quiet and every call of it has its result', async () => {
    const path = tempFile('run.loop.jsonl');
    const f = fileFollower(path, 'cline', 0);
    await appendAndStep(f, path, upToTurn(8));
    expect(f.events().map((e) => [e.turn, e.action])).toEqual([[8, 'warn']]);
  });
});

/** Claude Code session lines: one response is written as one line per content block. */
function claudeLines(responses: { text?: string; calls: string[] }[]): string[] {
  const base = { sessionId: 's1', parentUuid: null, isSidechain: false, timestamp: '2026-01-05T09:00:00.000Z' };
  let n = 0;
  const line = (type: string, message: object) => `${JSON.stringify({ ...base, type, uuid: `u${++n}`, message })}\n`;
  const out = [line('user', { role: 'user', content: 'Make the tests pass' })];
  responses.forEach((r, i) => {
    const msg = (block: object) => ({ id: `msg_${i}`, role: 'assistant', model: 'm', content: [block] });
    if (r.text !== undefined) out.push(line('assistant', msg({ type: 'text', text: r.text })));
    r.calls.forEach((command, j) =>
      out.push(line('assistant', msg({ type: 'tool_use', id: `tu_${i}_${j}`, name: 'Bash', input: { command } }))),
    );
    r.calls.forEach((_, j) =>
      out.push(
        line('user', {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: `tu_${i}_${j}`, content: 'FAIL' }],
        }),
      ),
    );
  });
  return out;
}

async function followLines(lines: string[], preset: string): Promise<Followed> {
  const path = tempFile('session.jsonl');
  const f = fileFollower(path, preset);
  for (const line of lines) await appendAndStep(f, path, line);
  await f.step(true);
  return f;
}

describe('watch: what the newest turn looks like before its last line is no event', () => {
  it('a response of two parallel calls is not taken for its first call alone', async () => {
    // Four single-call batches, then a batch of two: read after its first call, it would be the
    // fifth identical batch in a row (docker-agent's batch-repeat threshold).
    const lines = claudeLines([
      ...Array.from({ length: 4 }, () => ({ calls: ['npm test'] })),
      { calls: ['npm test', 'git status'] },
    ]);
    const f = await followLines(lines, 'docker-agent');
    expect(f.events()).toEqual([]);
    const source = tempFile('final.jsonl');
    writeFileSync(source, lines.join(''));
    expect(await detected(source, 'docker-agent')).toEqual([]);
  });

  it("a response's text line is not taken for a reply without calls", async () => {
    // Two replies without calls, then the same text with a call: read after its text line, it
    // would be OpenHands' third identical agent message (monologue).
    const said = 'I will run the tests again.';
    const lines = claudeLines([
      { text: said, calls: [] },
      { text: said, calls: [] },
      { text: said, calls: ['npm test'] },
    ]);
    const f = await followLines(lines, 'openhands');
    expect(f.events()).toEqual([]);
  });
});

describe('watch: a file read again from the start', () => {
  it('truncated and written again prints nothing twice, then only the new events', async () => {
    const path = tempFile('run.loop.jsonl');
    const f = fileFollower(path, 'cline');
    await appendAndStep(f, path, readFileSync(SAMPLE, 'utf8'));
    expect(f.events().map((e) => e.turn)).toEqual([8, 10]);
    truncateSync(path, 0);
    await f.step();
    expect(f.err()).toContain(`watch: ${path}: truncated; reading it again from the start`);
    await appendAndStep(f, path, readFileSync(SAMPLE, 'utf8'));
    expect(f.events().map((e) => e.turn)).toEqual([8, 10]);
    // Another run in its place: its events differ in their turns, so they are new.
    truncateSync(path, 0);
    await f.step();
    await appendAndStep(f, path, readFileSync('src/samples/swarm-global-doom-loop.loop.jsonl', 'utf8'));
    const second = await detected('src/samples/swarm-global-doom-loop.loop.jsonl', 'cline');
    expect(second.map((e) => e.turn)).toEqual([3, 5]);
    expect(withoutFile(f.events().slice(2))).toEqual(second);
  });

  it('events held for the newest turn of what was truncated away are never printed', async () => {
    const path = tempFile('run.loop.jsonl');
    const f = fileFollower(path, 'cline', 60_000);
    await appendAndStep(f, path, linesOf(SAMPLE).slice(0, 10).join(''));
    expect(f.events()).toEqual([]);
    truncateSync(path, 0);
    await f.step(true);
    expect(f.events()).toEqual([]);
  });

  it('replaced by another file (a new inode) is read again and says so', async () => {
    const path = tempFile('run.loop.jsonl');
    const f = fileFollower(path, 'cline');
    await appendAndStep(f, path, linesOf(SAMPLE).slice(0, 12).join(''));
    expect(f.events().map((e) => e.turn)).toEqual([8, 10]);
    const other = join(dirname(path), 'next.tmp');
    writeFileSync(other, readFileSync(SAMPLE));
    renameSync(other, path);
    await f.step(true);
    expect(f.err()).toContain(`watch: ${path}: replaced; reading it again from the start`);
    expect(f.events().map((e) => e.turn)).toEqual([8, 10]);
  });
});

describe('watch: an OpenHands events folder written one event file at a time', () => {
  it('waits for a half-written event file and prints what detect prints on the final folder', async () => {
    const events = join(dirname(tempFile('x')), 'session', 'events');
    mkdirSync(events, { recursive: true });
    const f = follow(new SessionFolderTarget(events), 'pydantic-deepagents', 60_000);
    const lines = linesOf(OPENHANDS_STREAM);
    for (const [i, line] of lines.entries()) {
      writeFileSync(join(events, `${i}.json`), line.slice(0, 40));
      await f.step();
      writeFileSync(join(events, `${i}.json`), line);
      await f.step();
    }
    await f.step(true);
    expect(f.err()).toBe('');
    const expected = await detected(events, 'pydantic-deepagents');
    expect(expected).toHaveLength(3);
    expect(withoutFile(f.events())).toEqual(expected);
  });
});
