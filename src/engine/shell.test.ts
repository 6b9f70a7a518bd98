import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exitCode, isFileOperation, shellCommand, shellFailed, testCommandRegex, testFailed } from './shell';

describe('shellCommand', () => {
  it('reads command, cmd, argv and string arguments of shell tools only', () => {
    expect(shellCommand('bash', { command: 'ls' })).toBe('ls');
    expect(shellCommand('exec_command', { cmd: 'ls -la' })).toBe('ls -la');
    expect(shellCommand('shell', { command: ['bash', '-lc', 'npm test'] })).toBe('npm test');
    expect(shellCommand('shell', { command: ['git', 'status'] })).toBe('git status');
    expect(shellCommand('Bash', 'pwd')).toBe('pwd');
    expect(shellCommand('read_file', { command: 'ls' })).toBeNull();
  });
});

describe('failures', () => {
  it('exit codes in the output', () => {
    expect(exitCode('Exit code: 1\nWall time: 2s')).toBe(1);
    expect(exitCode('Process exited with code 2')).toBe(2);
    expect(exitCode('exit status 1')).toBe(1);
    expect(exitCode('returncode=0')).toBe(0);
    expect(exitCode('all good')).toBeNull();
  });

  it('a shell command fails on isError, a non-zero exit code or a shell error', () => {
    expect(shellFailed({ content: 'ok', isError: true })).toBe(true);
    expect(shellFailed({ content: 'Exit code: 1', isError: false })).toBe(true);
    expect(shellFailed({ content: 'Exit code: 0', isError: false })).toBe(false);
    expect(shellFailed({ content: 'cat: x: No such file or directory', isError: false })).toBe(true);
    expect(shellFailed({ content: 'FAILED', isError: false })).toBe(false);
  });

  it('a test run also fails on test runner markers', () => {
    expect(testFailed({ content: 'FAILED tests/test_a.py::test_x - assert 1 == 2', isError: false })).toBe(true);
    expect(testFailed({ content: 'Tests:       1 failed, 4 passed, 5 total', isError: false })).toBe(true);
    expect(testFailed({ content: '--- FAIL: TestX (0.00s)', isError: false })).toBe(true);
    expect(testFailed({ content: 'test result: FAILED. 3 passed; 1 failed', isError: false })).toBe(true);
    expect(testFailed({ content: '5 passed in 0.12s', isError: false })).toBe(false);
    expect(testFailed({ content: 'Tests: 0 failed, 5 passed', isError: false })).toBe(false);
  });
});

describe('testCommandRegex', () => {
  const re = testCommandRegex(['pytest', 'npm test', 'go test', 'jest'])!;
  it('matches whole words anywhere in the command', () => {
    for (const c of [
      'pytest',
      'python -m pytest -x tests/',
      'npm test -- --watch',
      'cd app && go test ./...',
      'npx jest src',
    ])
      expect(re.test(c)).toBe(true);
  });
  it('does not match inside longer words or paths', () => {
    for (const c of ['cat pytest.ini', 'vim jest.config.js', 'npm testing', 'ls src/pytest', 'gotest'])
      expect(re.test(c)).toBe(false);
  });
  it('is null for an empty list', () => {
    expect(testCommandRegex([])).toBeNull();
  });
});

describe('isFileOperation', () => {
  it('recognises cat, echo, sed and heredocs', () => {
    for (const c of ['cat foo.ts', 'echo hi > a.txt', "sed -i 's/a/b/' x.py", "cat <<'EOF' > a.py", 'tee a.txt'])
      expect(isFileOperation(c)).toBe(true);
    for (const c of ['npm install', 'git commit -m x', 'python run.py']) expect(isFileOperation(c)).toBe(false);
  });
});

describe('exitCode without a match array', () => {
  // The capture of the regex it replaced: the first match's `-?\d+`.
  const byExec = (s: string) => {
    const m = /\b(?:exit(?:ed)?(?: with)? (?:code|status)|return ?code|exit_code)\s*[:=]?\s*(-?\d+)/i.exec(s);
    return m ? Number(m[1]) : null;
  };
  it('reads the same code as the capture group, on text mixing the phrases, separators and numbers', () => {
    const piece = fc.constantFrom(
      'Exit code',
      'exited with status',
      'EXIT STATUS',
      'return code',
      'returncode',
      'exit_code',
      'exit with code',
      ':',
      '=',
      ' ',
      '\t',
      '\n',
      '-',
      '-0',
      '0',
      '7',
      '127',
      '00012',
      'x',
      'code',
      'exit',
      '99999999999999999999',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(exitCode(s)).toBe(byExec(s));
      }),
      { numRuns: 3000 },
    );
  });
});
