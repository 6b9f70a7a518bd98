import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { cycle: params } });

const read = call('read_file', { path: 'src/auth.py' });
const edit = call('edit_file', { path: 'src/auth.py', old: 'a', new: 'b' });
const test = call('run_tests');
const lint = call('lint', { path: 'src' });

const FIRST_WARNING = (count: number, lines: string) =>
  '⚠️ Loop detected: You appear to be repeating the same sequence of tool calls\n' +
  `without making progress. The following pattern has repeated ${count} times:\n${lines}\n\n` +
  'Please try a different approach. Consider:\n' +
  '- Re-reading error messages more carefully\n' +
  '- Trying an alternative solution strategy\n' +
  '- Breaking the problem into smaller steps';

describe('cycle (the cycle-escalation design)', () => {
  it('1-call cycle: current signature matches the previous signature', () => {
    const ev = eventsOf(transcriptOf([lint, read, read]), cfg(), 'cycle');
    expect(brief(ev)).toEqual([[3, 'warn', 1]]);
    expect(ev[0].message).toBe(FIRST_WARNING(2, '  1. read_file({"path":"src/auth.py"})'));
    expect(ev[0].pattern).toEqual(['read_file:{"path":"src/auth.py"}']);
  });

  it('1-call cycle example: read_file(src/auth.py) three times warns, then warns stronger', () => {
    const ev = eventsOf(transcriptOf([read, read, read]), cfg(), 'cycle');
    expect(brief(ev)).toEqual([
      [2, 'warn', 1],
      [3, 'warn', 2],
    ]);
    expect(ev[1].message).toContain('The following pattern has repeated 3 times:');
  });

  it('2-call cycle: n == n-2 and n-1 == n-3, detected on the 4th call only', () => {
    const ev = eventsOf(transcriptOf([edit, test, edit, test]), cfg(), 'cycle');
    expect(brief(ev)).toEqual([[4, 'warn', 1]]);
    expect(ev[0].message).toBe(
      FIRST_WARNING(2, '  1. edit_file({"new":"b","old":"a","path":"src/auth.py"})\n  2. run_tests({})'),
    );
  });

  it('3-call cycle: (n, n-1, n-2) == (n-3, n-4, n-5), detected on the 6th call only', () => {
    const ev = eventsOf(transcriptOf([read, edit, test, read, edit, test]), cfg(), 'cycle');
    expect(brief(ev)).toEqual([[6, 'warn', 1]]);
    expect(ev[0].message).toContain('  1. read_file({"path":"src/auth.py"})\n  2. edit_file(');
    expect(ev[0].message).toContain('  3. run_tests({})');
  });

  it('escalation table: first detection warns, second warns stronger with alternatives, third stops with LOOP_DETECTED', () => {
    const t = transcriptOf([edit, test, edit, test, edit, test, edit, test]);
    const r = run(t, cfg());
    // Each full repetition of the 2-call unit is one detection: calls 4, 6, 8 (not 5 and 7).
    expect(brief(r.events)).toEqual([
      [4, 'warn', 1],
      [6, 'warn', 2],
      [8, 'terminate', 3],
    ]);
    expect(r.events[1].message).toBe(
      '⚠️ Loop detected again: You are still repeating the same sequence of tool calls\n' +
        'after a warning. The following pattern has repeated 3 times:\n' +
        '  1. edit_file({"new":"b","old":"a","path":"src/auth.py"})\n  2. run_tests({})\n\n' +
        'This is detection 2 of this pattern. Do something specific and different now:\n' +
        '- Stop cycling through edit_file → run_tests: commit to one approach, or change something real before the next attempt.\n' +
        '- Before running the tests again, read the full failure output and change the code the failure points at.\n' +
        '- Your edits are not fixing the problem: re-read the file as it is now, or revert and try a different fix.\n' +
        '- If you are blocked, explain what is blocking you or ask the user for help instead of retrying.\n' +
        'If this pattern repeats once more, the session will be stopped (LOOP_DETECTED).',
    );
    expect(r.events[2].message).toBe(
      'LOOP_DETECTED: stopping the session. The following pattern has repeated 4 times (detection 3 of this pattern):\n' +
        '  1. edit_file({"new":"b","old":"a","path":"src/auth.py"})\n  2. run_tests({})',
    );
    expect(r.stoppedAt).toEqual({ turn: 8, call: 8 });
    expect(r.cycles.map((c) => [c.call, c.period, c.repetitions])).toEqual([
      [4, 2, 2],
      [6, 2, 3],
      [8, 2, 4],
    ]);
  });

  it('1-call cycle escalates on every further identical call and stops at the 4th', () => {
    const r = run(transcriptOf([read, read, read, read, read]), cfg());
    expect(brief(r.events)).toEqual([
      [2, 'warn', 1],
      [3, 'warn', 2],
      [4, 'terminate', 3],
      [5, 'terminate', 4],
    ]);
    expect(r.events[1].message).toContain('- Do not call read_file with these arguments again');
    expect(r.events[1].message).toContain('- You already have this content');
    expect(r.events[3].afterStop).toBe(true);
    expect(r.stoppedAt).toEqual({ turn: 4, call: 4 });
  });

  it('escalation counts per pattern: a new pattern starts at level 1, a returning one continues', () => {
    const other = call('grep', { pattern: 'x' });
    const ev = eventsOf(
      transcriptOf([edit, test, edit, test, lint, other, lint, other, lint, test, edit, test, edit]),
      cfg(),
      'cycle',
    );
    // edit/test at 4 (L1); lint/grep at 8 (its own L1); the returning test/edit cycle (entered
    // at the other call) is the same pattern: L2 at 13.
    expect(brief(ev)).toEqual([
      [4, 'warn', 1],
      [8, 'warn', 1],
      [13, 'warn', 2],
    ]);
  });

  it('false positive: tests after different edits are not a cycle', () => {
    const t = transcriptOf([
      call('edit_file', { path: 'a.py', new: '1' }),
      test,
      call('edit_file', { path: 'a.py', new: '2' }),
      test,
      call('edit_file', { path: 'b.py', new: '3' }),
      test,
    ]);
    expect(eventsOf(t, cfg(), 'cycle')).toEqual([]);
  });

  it('false positive: reading multiple files in sequence is not a cycle', () => {
    const t = transcriptOf(['a', 'b', 'c', 'd'].map((f) => call('read_file', { path: f })));
    expect(eventsOf(t, cfg(), 'cycle')).toEqual([]);
  });

  it('argument order does not make calls differ (signature of sorted arguments)', () => {
    const t = transcriptOf([call('grep', { pattern: 'x', path: 'src' }), call('grep', { path: 'src', pattern: 'x' })]);
    expect(brief(eventsOf(t, cfg(), 'cycle'))).toEqual([[2, 'warn', 1]]);
  });

  it('minRepetitions 3 waits for the third appearance of the unit', () => {
    const ev = eventsOf(transcriptOf([edit, test, edit, test, edit, test]), cfg({ minRepetitions: 3 }), 'cycle');
    expect(brief(ev)).toEqual([[6, 'warn', 1]]);
    expect(ev[0].message).toContain('has repeated 3 times');
  });

  it('maxPeriod 5 reaches 4- and 5-call cycles (Gemini CLI); maxPeriod 4 does not see a 5-call one', () => {
    const unit = ['a', 'b', 'c', 'd', 'e'].map((f) => call('read_file', { path: f }));
    const five = [...unit, ...unit];
    expect(brief(eventsOf(transcriptOf(five), cfg({ maxPeriod: 5 }), 'cycle'))).toEqual([[10, 'warn', 1]]);
    expect(eventsOf(transcriptOf(five), cfg({ maxPeriod: 4 }), 'cycle')).toEqual([]);
    const four = [...unit.slice(0, 4), ...unit.slice(0, 4)];
    expect(brief(eventsOf(transcriptOf(four), cfg({ maxPeriod: 5 }), 'cycle'))).toEqual([[8, 'warn', 1]]);
  });

  it('maxPeriod 2 ignores 3-call cycles', () => {
    expect(eventsOf(transcriptOf([read, edit, test, read, edit, test]), cfg({ maxPeriod: 2 }), 'cycle')).toEqual([]);
  });

  it('calls spread over turns and inside one turn count alike', () => {
    const t = transcriptOf([
      [edit, test],
      [edit, test],
    ]);
    expect(brief(eventsOf(t, cfg(), 'cycle'))).toEqual([[4, 'warn', 1]]);
  });
});
