import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf } from '../test-util';
import { testFixPrompt } from './test-fix';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'test-fix': params } });
const edit = (n: number) => call('edit_file', { path: 'a.py', new: String(n) });
const failing = failed('bash', { command: 'npm test' }, '1 failing');
const passing = call('bash', { command: 'npm test' }, '12 passing');

describe('test-fix (the doom-loop design)', () => {
  it('the third consecutive failing test run gets the rethink prompt, edits in between', () => {
    const ev = eventsOf(
      transcriptOf([edit(1), failing, edit(2), failing, edit(3), failing, edit(4), failing]),
      cfg(),
      'test-fix',
    );
    expect(brief(ev)).toEqual([
      [6, 'warn', 1],
      [8, 'warn', 2],
    ]);
    expect(ev[0].message).toBe(
      "[System] You've had 3 consecutive test failures. Step back and rethink:\n" +
        '1. Re-read the error messages carefully\n' +
        '2. Consider whether your approach is fundamentally wrong\n' +
        '3. Try a DIFFERENT fix strategy instead of iterating on the same one',
    );
    expect(ev[1].message).toBe(testFixPrompt(4));
  });

  it('a passing run resets the count', () => {
    expect(eventsOf(transcriptOf([failing, failing, passing, failing, failing]), cfg(), 'test-fix')).toEqual([]);
  });

  it('failure is read from the output when isError is not set: FAILED, counts, exit codes', () => {
    const runs = [
      call('bash', { command: 'pytest -x' }, 'FAILED tests/test_a.py::test_login - AssertionError'),
      call('shell', { command: ['bash', '-lc', 'go test ./...'] }, '--- FAIL: TestLogin (0.00s)\nFAIL'),
      call('bash', { command: 'cargo test' }, 'running 3 tests\nExit code: 101'),
    ];
    expect(brief(eventsOf(transcriptOf(runs), cfg(), 'test-fix'))).toEqual([[3, 'warn', 1]]);
  });

  it('passing output is not a failure', () => {
    const runs = [
      call('bash', { command: 'pytest' }, '5 passed in 0.3s'),
      call('bash', { command: 'npx vitest run' }, 'Tests  4 passed (4)\nExit code: 0'),
      call('bash', { command: 'pytest' }, '5 passed in 0.3s'),
    ];
    expect(eventsOf(transcriptOf(runs), cfg(), 'test-fix')).toEqual([]);
  });

  it('failing commands that are not test runs do not count', () => {
    const notTests = [
      failed('bash', { command: 'cat pytest.ini' }),
      failed('bash', { command: 'npm install' }),
      failed('read_file', { path: 'tests/test_a.py' }),
    ];
    expect(eventsOf(transcriptOf([failing, failing, ...notTests]), cfg(), 'test-fix')).toEqual([]);
  });

  it('a test run without a result leaves the count alone', () => {
    const unknown = call('bash', { command: 'npm test' });
    expect(brief(eventsOf(transcriptOf([failing, failing, unknown, failing]), cfg(), 'test-fix'))).toEqual([
      [4, 'warn', 1],
    ]);
  });

  it('test tools count with any arguments', () => {
    const t = transcriptOf([failed('run_tests', {}), failed('run_tests', { file: 'x' }), failed('run_tests', {})]);
    expect(brief(eventsOf(t, cfg(), 'test-fix'))).toEqual([[3, 'warn', 1]]);
  });

  it('test patterns and the threshold are configurable', () => {
    const check = failed('bash', { command: 'make check' });
    expect(eventsOf(transcriptOf([check, check, check]), cfg(), 'test-fix')).toEqual([]);
    expect(
      brief(eventsOf(transcriptOf([check, check]), cfg({ testPatterns: ['make check'], threshold: 2 }), 'test-fix')),
    ).toEqual([[2, 'warn', 1]]);
  });
});
