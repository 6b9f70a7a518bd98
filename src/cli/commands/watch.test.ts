import { appendFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../engine/presets/index';
import { cli } from '../run-cli.test-util';
import { spawnCli } from '../spawn-cli.test-util';
import { tempFile } from '../watch/follow.test-util';
import { runWatch, watchFlags } from './watch';

const SAMPLE = 'src/samples/missing-path-ls-loop.loop.jsonl';
// Line 0 is meta, line 1 the user's task; turn n is on line n + 1.
const LINES = readFileSync(SAMPLE, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => `${l}\n`);
const upTo = (turn: number) => LINES.slice(0, turn + 2).join('');

/** Parsed `--json` lines: [turn, action] of each. */
function turnsOf(out: string): [unknown, unknown][] {
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { turn: number; action: string })
    .map((e) => [e.turn, e.action]);
}

// Concurrent: most of each test is a process starting.
describe.concurrent('loopscope watch, as a process', () => {
  it('prints each alarm as its turn is written and exits 3 at the stop (--exit-on stop, the default)', async () => {
    const path = tempFile('run.loop.jsonl');
    writeFileSync(path, upTo(7));
    const p = spawnCli(['watch', path, '--preset', 'cline', '--json', '--interval', '100']);
    await p.waitFor((_o, e) => e.includes('following'));
    appendFileSync(path, LINES[9] + LINES[10]);
    await p.waitFor((o) => o.includes('"turn":8'));
    expect(turnsOf(p.out())).toEqual([[8, 'warn']]);
    expect(p.child.exitCode).toBe(null);
    // Turn 10's line in two writes: the first half is waited for, not a warning.
    const cut = Math.floor(LINES[11].length / 2);
    appendFileSync(path, LINES[11].slice(0, cut));
    await new Promise((r) => setTimeout(r, 300));
    appendFileSync(path, LINES[11].slice(cut));
    expect(await p.exited).toBe(3);
    expect(turnsOf(p.out())).toEqual([
      [8, 'warn'],
      [10, 'terminate'],
    ]);
    expect(p.err()).not.toContain('warning');
    expect(p.err()).toContain(
      `watched ${path}: 10 turns, 2 events (1 warn, 1 terminate), the run would stop at turn 10 (identical-streak)\n`,
    );
  });

  it('--exit-on never keeps watching; Ctrl-C exits 0 after a one-line summary', async () => {
    const path = tempFile('run.loop.jsonl');
    writeFileSync(path, upTo(12));
    const p = spawnCli(['watch', path, '--preset', 'cline', '--exit-on', 'never', '--interval', '100']);
    await p.waitFor((o) => o.includes('turn 10 call 10  identical-streak  terminate (level 2)'));
    expect(p.out().split('\n')[0]).toMatch(/^turn 8 call 8 {2}identical-streak {2}warn \(level 1\) {2}/);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    const summary = p.err().trimEnd().split('\n').pop();
    expect(summary).toBe(
      `watched ${path}: 12 turns, 2 events (1 warn, 1 terminate), the run would stop at turn 10 (identical-streak)`,
    );
  });

  it('--exit-on warn exits 3 at the first event, whatever its action', async () => {
    const path = tempFile('run.loop.jsonl');
    writeFileSync(path, LINES.join(''));
    const p = spawnCli(['watch', path, '--preset', 'cline', '--exit-on', 'warn', '--json']);
    expect(await p.exited).toBe(3);
    expect(turnsOf(p.out())).toEqual([[8, 'warn']]);
  });
});

describe('loopscope watch, in process', () => {
  async function watchFor(path: string, until: (out: string, err: string) => boolean) {
    let out = '';
    let err = '';
    const stop = new AbortController();
    const done = runWatch(
      [path],
      presetByName('cline')!,
      {},
      watchFlags({ json: true, interval: '20', 'exit-on': 'never' }),
      { write: (s: string) => (out += s) },
      { write: (s: string) => (err += s) },
      stop.signal,
    );
    const deadline = Date.now() + 5000;
    while (!until(out, err) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return {
      out: () => out,
      err: () => err,
      until: async (f: (out: string, err: string) => boolean) => {
        const end = Date.now() + 5000;
        while (!f(out, err) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      },
      stop: async () => {
        stop.abort();
        return done;
      },
    };
  }

  it('a folder: follows its newest session file and switches, saying so, when another is written later', async () => {
    const dir = dirname(tempFile('placeholder.txt'));
    const older = join(dir, 'a', 'older.jsonl');
    mkdirSync(dirname(older));
    writeFileSync(older, upTo(9));
    utimesSync(older, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const w = await watchFor(dir, (o) => o.includes('"turn":8'));
    expect(w.err()).toContain(`watch: following ${older}`);
    const newer = join(dir, 'b', 'newer.jsonl');
    mkdirSync(dirname(newer));
    writeFileSync(newer, LINES.join(''));
    await w.until((o) => o.includes(`"file":"${newer}"`) && o.includes('"turn":10'));
    expect(w.err()).toContain(`watch: following ${newer} (written after ${older})`);
    // Back to the first: only its new event is printed.
    appendFileSync(older, LINES[11]);
    await w.until((o) => o.split('\n').filter(Boolean).length === 4);
    expect(await w.stop()).toBe(0);
    expect(w.err()).toContain(`watch: following ${older} (written after ${newer})`);
    const printed = w
      .out()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { file: string; turn: number })
      .map((e) => [e.file, e.turn]);
    expect(printed).toEqual([
      [older, 8],
      [newer, 8],
      [newer, 10],
      [older, 10],
    ]);
  });

  it('bad usage exits 2 with one line', async () => {
    expect(await cli('watch', SAMPLE, '--exit-on', 'soon')).toEqual({
      code: 2,
      out: '',
      err: 'loopscope: --exit-on must be stop, warn or never, got "soon"\n',
    });
    expect((await cli('watch', SAMPLE, '--interval', '5')).err).toBe(
      'loopscope: --interval must be a whole number of milliseconds from 10 to 600,000, got "5"\n',
    );
    expect((await cli('watch', SAMPLE, SAMPLE)).err).toBe(
      'loopscope: watch takes exactly one session file or folder\n',
    );
    expect((await cli('watch', 'no/such.jsonl')).err).toBe('loopscope: no/such.jsonl: no such file or folder\n');
  });
});
