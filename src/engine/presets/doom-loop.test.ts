import { describe, expect, it } from 'vitest';
import { brief, call, failed, run, transcriptOf } from '../test-util';
import { presetByName } from '.';

const preset = presetByName('doom-loop')!;
const summary = (r: ReturnType<typeof run>) =>
  r.events.map((e) => [e.detector, e.call ?? `turn ${e.turn}`, e.action, e.level]);

describe('preset doom-loop', () => {
  it('enables the doom loop and its specialised patterns', () => {
    expect(Object.keys(preset.detectors).sort()).toEqual([
      'bash-failure-cascade',
      'doom-loop',
      'global-doom-loop',
      'summary-loop',
      'test-fix',
    ]);
  });

  it('catches a stuck session: failing test-fix cycle, then reading the same file over and over', () => {
    const t = transcriptOf([
      call('read_file', { path: 'src/auth.ts' }, 'code'),
      call('edit_file', { path: 'src/auth.ts', new: '1' }, 'ok'),
      failed('bash', { command: 'npm test' }, '1 failing'),
      call('edit_file', { path: 'src/auth.ts', new: '2' }, 'ok'),
      failed('bash', { command: 'npm test' }, '1 failing'),
      call('edit_file', { path: 'src/auth.ts', new: '3' }, 'ok'),
      failed('bash', { command: 'npm test' }, '1 failing'),
      call('bash', { command: 'cat src/auth.ts' }, 'code\nExit code: 0'),
      call('bash', { command: 'head -n 50 src/auth.ts' }, 'code\nExit code: 0'),
      call('bash', { command: 'tail src/auth.ts' }, 'code\nExit code: 0'),
      call('bash', { command: 'head src/auth.ts' }, 'code\nExit code: 0'),
      call('bash', { command: 'cat -n src/auth.ts' }, 'code\nExit code: 0'),
    ]);
    const r = run(t, preset);
    // The three failing `npm test` runs are also three failing shell commands in a row (the edits
    // between them are not shell commands); the reads of one file are a fuzzy doom loop.
    expect(summary(r)).toEqual([
      ['test-fix', 7, 'warn', 1],
      ['bash-failure-cascade', 7, 'warn', 1],
      ['doom-loop', 11, 'warn', 2],
      ['doom-loop', 12, 'warn', 2],
    ]);
    expect(r.events[2].message).toContain("You've called bash 4 times with identical arguments.");
    expect(r.events[3].message).toContain("You've called bash 5 times with identical arguments.");
    expect(r.stoppedAt).toBeNull();
  });

  it('stays silent on healthy work: varied calls, one failing test then a pass, a final text answer', () => {
    const t = transcriptOf([
      {
        text: 'Looking around.',
        calls: [
          call('bash', { command: 'ls src' }, 'a.ts\nb.ts\nExit code: 0'),
          call('read_file', { path: 'src/a.ts' }, 'x'),
        ],
      },
      call('read_file', { path: 'src/b.ts' }, 'y'),
      call('grep', { pattern: 'login', path: 'src' }, 'src/a.ts:3'),
      call('edit_file', { path: 'src/a.ts', new: '1' }, 'ok'),
      failed('bash', { command: 'npm test' }, '1 failing'),
      call('read_file', { path: 'src/a.ts' }, 'x'),
      call('edit_file', { path: 'src/a.ts', new: '2' }, 'ok'),
      call('bash', { command: 'npm test' }, '12 passing\nExit code: 0'),
      call('bash', { command: 'git diff' }, 'diff\nExit code: 0'),
      'Done: the login bug is fixed and the tests pass.',
    ]);
    const r = run(t, preset);
    expect(r.events).toEqual([]);
  });

  it('flags a swarm stuck on one call, not a swarm sharing work', () => {
    const stuck = transcriptOf(
      Array.from({ length: 10 }, (_, i) => ({
        agent: i % 2 ? 'w2' : 'w1',
        calls: [call('grep', { pattern: 'auth' }, '')],
      })),
    );
    // Each worker alternates with the other in the log, so no worker repeats consecutively; only the
    // global count sees the loop.
    const r = run(stuck, preset);
    expect(brief(r.events.filter((e) => e.detector === 'global-doom-loop'))).toEqual([[10, 'warn', 1]]);
    const shared = transcriptOf(
      Array.from({ length: 20 }, (_, i) => ({
        agent: i % 2 ? 'w2' : 'w1',
        calls: [call('read_file', { path: `src/f${i}.ts` }, 'x')],
      })),
    );
    expect(run(shared, preset).events).toEqual([]);
  });
});
