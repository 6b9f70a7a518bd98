/** Authored hard negatives: repetitive-looking runs that make progress, so no detector may fire. */
import { call, repeat, swe, type AuthoredRun } from './run-builder';

const lsDeeper = (framework: 'codex' | 'gemini-cli'): AuthoredRun => {
  const dirs = ['src', 'src/app', 'src/app/models', 'src/app/models/user', 'src/app/models/user/fields', 'src/app/models/user/fields/validators'];
  return {
    framework,
    name: 'ls-one-level-deeper',
    task: 'Find where the e-mail validator lives.',
    note: 'clean: `ls` one directory deeper each time; every listing is new',
    steps: [
      ...dirs.map((d, i) =>
        framework === 'codex'
          ? call(`Looking inside ${d}.`, { name: 'shell', args: { command: ['ls', '-la', d] }, out: `total ${8 + i}\ndrwxr-xr-x  ${dirs[i + 1]?.split('/').pop() ?? 'email.py'}\n-rw-r--r--  __init__.py` })
          : call(`Looking inside ${d}.`, { name: 'list_directory', args: { path: `/home/dev/proj/${d}` }, out: `Directory listing for /home/dev/proj/${d}:\n[DIR] ${dirs[i + 1]?.split('/').pop() ?? 'email.py'}\n__init__.py`, isError: false }),
      ),
      framework === 'codex'
        ? call('Found it.', { name: 'shell', args: { command: ['sed', '-n', '1,40p', 'src/app/models/user/fields/validators/email.py'] }, out: 'import re\nEMAIL = re.compile(...)' })
        : call('Found it.', { name: 'read_file', args: { absolute_path: '/home/dev/proj/src/app/models/user/fields/validators/email.py' }, out: 'import re\nEMAIL = re.compile(...)', isError: false }),
    ],
  };
};

const scrollDown: AuthoredRun = {
  framework: 'swe-agent',
  name: 'scroll-down-three-times',
  task: 'Understand how settings are merged.',
  note: 'clean: `scroll_down` 3 times through a long file; each window shows new lines, then an edit',
  steps: [
    swe('Open settings.', 'open conf/settings.py', '[File: /repo/conf/settings.py (420 lines total)]\n1:"""Settings."""'),
    ...repeat(3, (i) => swe('Keep reading.', 'scroll_down', `[File: /repo/conf/settings.py (420 lines total)]\n(${100 * (i + 1) - 1} more lines above)\n${100 * (i + 1)}:    # section ${i + 2}`)),
    swe('merge() is at 310; fix the order.', 'edit 312:312\n        merged = {**defaults, **overrides}\nend_of_edit', '[File: /repo/conf/settings.py (420 lines total)]\nFile updated.'),
    swe('Done.', 'submit', 'diff --git a/conf/settings.py b/conf/settings.py'),
  ],
};

const shrinkingGrep: AuthoredRun = {
  framework: 'claude-code',
  name: 'grep-hits-shrink',
  task: 'Where is the config parsed at startup?',
  note: 'clean: Grep 4 times with narrower patterns; the hits shrink 42 → 9 → 3 → 1',
  steps: [
    ...[
      ['parse', 42],
      ['parse_config', 9],
      ['parse_config\\(', 3],
      ['^def parse_config\\(', 1],
    ].map(([p, n]) =>
      call(`Narrowing the search: ${p}.`, { name: 'Grep', args: { pattern: p, path: '/home/dev/app', output_mode: 'files_with_matches' }, out: `Found ${n} file${n === 1 ? '' : 's'}\n${repeat(Math.min(Number(n), 4), (i) => `/home/dev/app/src/mod${i}.py`).join('\n')}`, isError: false }),
    ),
    call('Read it.', { name: 'Read', args: { file_path: '/home/dev/app/src/mod0.py' }, out: '     1\tdef parse_config(path):\n     2\t    ...', isError: false }),
    { text: 'The config is parsed in src/mod0.py:parse_config, called from main() at startup.' },
  ],
};

const testsAfterEdits: AuthoredRun = {
  framework: 'openhands',
  name: 'tests-rerun-after-different-edits',
  task: 'Make the date parser tests pass.',
  note: 'clean: pytest re-run 4 times, each after a different edit; failures go 3 → 2 → 1 → 0',
  steps: [
    call('Run the tests.', { name: 'execute_bash', args: { command: 'cd /workspace && python -m pytest -q tests/test_dates.py' }, out: 'FFF.\n3 failed, 1 passed in 0.09s\n[Command finished with exit code 1]', isError: false }),
    ...['iso week', 'timezone offset', 'leap year'].flatMap((what, i) => [
      call(`Fix the ${what} case.`, { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/dates.py', old_str: `# TODO ${what}`, new_str: `handle_${what.replace(' ', '_')}(d)` }, out: "The file /workspace/dates.py has been edited. Here's the result of running `cat -n` on a snippet...", isError: false }),
      call('Run the tests.', { name: 'execute_bash', args: { command: 'cd /workspace && python -m pytest -q tests/test_dates.py' }, out: `${'F'.repeat(2 - i)}${'.'.repeat(2 + i)}\n${2 - i ? `${2 - i} failed, ` : ''}${2 + i} passed in 0.0${8 + i}s\n[Command finished with exit code ${i === 2 ? 0 : 1}]`, isError: false }),
    ]),
  ],
};

const todoUpdates: AuthoredRun = {
  framework: 'claude-code',
  name: 'todo-list-updates',
  task: 'Add CSV export to the report page.',
  note: 'clean: TodoWrite 4 times as tasks move from pending to completed, with work between',
  steps: (() => {
    const items = ['Add export button', 'Write CSV serializer', 'Add tests'];
    const todos = (done: number) => ({ todos: items.map((content, i) => ({ content, status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending', activeForm: content })) });
    const ok = 'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress.';
    return [
      call('Plan.', { name: 'TodoWrite', args: todos(0), out: ok, isError: false }),
      call('Add the button.', { name: 'Edit', args: { file_path: '/app/src/Report.tsx', old_string: '</Toolbar>', new_string: '<ExportButton /></Toolbar>' }, out: 'The file /app/src/Report.tsx has been updated.', isError: false }),
      call('Update.', { name: 'TodoWrite', args: todos(1), out: ok, isError: false }),
      call('Serializer.', { name: 'Write', args: { file_path: '/app/src/csv.ts', content: 'export function toCsv(rows) { ... }' }, out: 'File created successfully at: /app/src/csv.ts', isError: false }),
      call('Update.', { name: 'TodoWrite', args: todos(2), out: ok, isError: false }),
      call('Tests.', { name: 'Bash', args: { command: 'npx vitest run src/csv.test.ts' }, out: ' ✓ src/csv.test.ts (3 tests) 4ms', isError: false }),
      call('Update.', { name: 'TodoWrite', args: todos(3), out: ok, isError: false }),
    ];
  })(),
};

const consecutiveReads = (framework: 'claude-code' | 'gemini-cli'): AuthoredRun => ({
  framework,
  name: 'read-consecutive-regions',
  task: 'Review the migration script.',
  note: 'clean: the same file read 5 times at consecutive offsets; every region is new',
  steps: [
    ...repeat(5, (i) =>
      framework === 'claude-code'
        ? call(`Reading lines ${i * 200 + 1}-${i * 200 + 200}.`, { name: 'Read', args: { file_path: '/app/db/migrate.py', offset: i * 200 + 1, limit: 200 }, out: `   ${i * 200 + 1}\t# part ${i + 1}\n   ${i * 200 + 2}\tdef step_${i + 1}(conn):`, isError: false })
        : call(`Reading lines ${i * 200 + 1}-${i * 200 + 200}.`, { name: 'read_file', args: { absolute_path: '/home/dev/app/db/migrate.py', offset: i * 200, limit: 200 }, out: `[File content truncated: showing lines ${i * 200 + 1}-${i * 200 + 200} of 1000 total lines]\n# part ${i + 1}\ndef step_${i + 1}(conn):`, isError: false }),
    ),
    { text: 'The migration runs five steps; step 3 lacks a transaction.' },
  ],
});

const rejectedInterleaved: AuthoredRun = {
  framework: 'openhands',
  name: 'rejected-calls-between-progress',
  task: 'Add type hints to utils.py.',
  note: 'clean: 4 rejected calls (missing `command`), each followed at once by a corrected, successful edit of a different function',
  steps: ['load', 'save', 'merge', 'split'].flatMap((fn) => [
    call(`Hint ${fn}().`, { name: 'str_replace_editor', args: { path: '/workspace/utils.py', old_str: `def ${fn}(x):`, new_str: `def ${fn}(x: dict) -> dict:` }, out: "Missing required parameters for function 'str_replace_editor': {'command'}", isError: true, rejected: true }),
    call(`Hint ${fn}() with the command.`, { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/utils.py', old_str: `def ${fn}(x):`, new_str: `def ${fn}(x: dict) -> dict:` }, out: 'The file /workspace/utils.py has been edited.', isError: false }),
  ]),
};

const polling: AuthoredRun = {
  framework: 'codex',
  name: 'poll-deploy-status',
  task: 'Deploy and wait until the rollout finishes.',
  note: 'clean: the same status command 4 times while the rollout advances (1/4 → 4/4 ready)',
  steps: [
    call('Deploy.', { name: 'shell', args: { command: ['kubectl', 'apply', '-f', 'k8s/web.yaml'] }, out: 'deployment.apps/web configured' }),
    ...repeat(4, (i) => call('Check the rollout.', { name: 'shell', args: { command: ['kubectl', 'get', 'deploy', 'web'] }, out: `NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    ${i + 1}/4     ${i + 1}            ${i + 1}           ${12 + i * 15}s` })),
    { text: 'The rollout is complete: 4/4 ready.' },
  ],
};

const normalWork: AuthoredRun = {
  framework: 'gemini-cli',
  name: 'fix-and-verify',
  task: 'Fix the failing lint rule in src/index.ts.',
  note: 'clean: read, edit, run lint, run tests; nothing repeats',
  steps: [
    call('Run the linter.', { name: 'run_shell_command', args: { command: 'npx eslint src' }, out: 'Command: npx eslint src\nStdout: src/index.ts\n  4:7  error  \'x\' is assigned a value but never used\nExit Code: 1', isError: false }),
    call('Read the file.', { name: 'read_file', args: { absolute_path: '/home/dev/proj/src/index.ts' }, out: 'const x = 1;\nexport const y = 2;', isError: false }),
    call('Remove x.', { name: 'replace', args: { file_path: '/home/dev/proj/src/index.ts', old_string: 'const x = 1;\n', new_string: '' }, out: 'Successfully modified file: /home/dev/proj/src/index.ts (1 replacements).', isError: false }),
    call('Lint again.', { name: 'run_shell_command', args: { command: 'npx eslint src' }, out: 'Command: npx eslint src\nStdout: (empty)\nExit Code: 0', isError: false }),
    call('Tests.', { name: 'run_shell_command', args: { command: 'npm test' }, out: 'Command: npm test\nStdout: 12 passed\nExit Code: 0', isError: false }),
  ],
};

const OH_STATUS = '[Current working directory: /workspace]\n[Python interpreter: /usr/bin/python]';

const searchesFindNothing: AuthoredRun = {
  framework: 'openhands',
  name: 'searches-find-nothing',
  task: 'Find where the retry delay is computed.',
  note: 'clean: grep for 4 different names, each finding nothing (exit code 1, no message), the 5th finds it',
  steps: [
    ...['retry_delay', 'retryDelay', 'backoff_delay', 'compute_backoff'].map((name) =>
      call(`Search for ${name}.`, { name: 'execute_bash', args: { command: `grep -rn "${name}" /workspace/src` }, out: `\n[The command completed with exit code 1.]\n${OH_STATUS}`, isError: false }),
    ),
    call('Search for backoff.', { name: 'execute_bash', args: { command: 'grep -rn "backoff" /workspace/src' }, out: `/workspace/src/http/retry.py:12:def backoff(attempt):\n[The command completed with exit code 0.]\n${OH_STATUS}`, isError: false }),
    call('Read it.', { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/src/http/retry.py', view_range: [10, 20] }, out: "Here's the result of running `cat -n` on /workspace/src/http/retry.py:\n    12\tdef backoff(attempt):\n    13\t    return 2 ** attempt", isError: false }),
  ],
};

const sedEditsBetweenRuns: AuthoredRun = {
  framework: 'openhands',
  name: 'same-failure-after-different-sed-edits',
  task: 'Fix the rounding in calc.py.',
  note: 'clean: the reproduction fails the same way after two different `sed -i` edits (each a real change), the third edit fixes it',
  steps: [
    ...['round(x)', 'round(x, 1)', 'round(x, 2)'].flatMap((fix) => [
      call('Reproduce.', { name: 'execute_bash', args: { command: 'cd /workspace && python reproduce.py' }, out: `Traceback (most recent call last):\n  File "/workspace/reproduce.py", line 3, in <module>\n    assert total(prices) == 3.35\nAssertionError\n[The command completed with exit code 1.]\n${OH_STATUS}`, isError: false }),
      call(`Try ${fix}.`, { name: 'execute_bash', args: { command: `sed -i 's/return .*  # total/return ${fix}  # total/' /workspace/calc.py` }, out: `\n[The command completed with exit code 0.]\n${OH_STATUS}`, isError: false }),
    ]),
    call('Reproduce.', { name: 'execute_bash', args: { command: 'cd /workspace && python reproduce.py' }, out: `ok\n[The command completed with exit code 0.]\n${OH_STATUS}`, isError: false }),
  ],
};

const retriedOnceThenMovedOn: AuthoredRun = {
  framework: 'swe-agent',
  name: 'edit-retried-once-then-moved-on',
  task: 'Make Config.load accept a path.',
  note: 'clean: open + the same rejected edit twice (2 occurrences, not 3), then a different edit that works',
  steps: [
    ...repeat(2, () => [
      swe('Open the loader.', 'open src/config.py 40', '[File: /repo/src/config.py (90 lines total)]\n(39 more lines above)\n40:    def load(self):\n41:        return self._read(DEFAULT)'),
      swe('Add the path argument.', 'edit 40:41\n    def load(self, path=None):\n    return self._read(path or DEFAULT)\nend_of_edit', 'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: expected an indented block after function definition on line 40'),
    ]).flat(),
    swe('Indent the body.', 'edit 40:41\n    def load(self, path=None):\n        return self._read(path or DEFAULT)\nend_of_edit', '[File: /repo/src/config.py (90 lines total)]\n40:    def load(self, path=None):\n41:        return self._read(path or DEFAULT)\nFile updated.'),
    swe('Done.', 'submit', 'diff --git a/src/config.py b/src/config.py'),
  ],
};

const cycleTwiceThenFix: AuthoredRun = {
  framework: 'swe-agent',
  name: 'search-cycle-twice-then-fix',
  task: 'Fix the cache eviction order.',
  note: 'clean: open, search_file, goto on Cache.java, a failing test, the same three steps again (2 rounds, not 3), then an edit that works',
  steps: [
    ...repeat(2, () => [
      swe('Open the cache.', 'open src/main/java/app/Cache.java', '[File: /repo/src/main/java/app/Cache.java (120 lines total)]\n1:package app;'),
      swe('Find evict.', 'search_file "evict"', 'Found 2 matches for "evict" in /repo/src/main/java/app/Cache.java:\nLine 44:    void evict(Key k) {\nLine 87:        evict(oldest);'),
      swe('Go to it.', 'goto 44', '[File: /repo/src/main/java/app/Cache.java (120 lines total)]\n(43 more lines above)\n44:    void evict(Key k) {\n45:        map.remove(k);'),
    ]).flat().flatMap((s, i) => (i === 2 ? [s, swe('Run the test.', 'mvn -q test -Dtest=CacheTest', '[ERROR] CacheTest.evictsOldest:31 expected:<a> but was:<c>\n[ERROR] Tests run: 1, Failures: 1')] : [s])),
    swe('Evict the oldest, not the newest.', 'edit 87:87\n        evict(order.pollFirst());\nend_of_edit', '[File: /repo/src/main/java/app/Cache.java (120 lines total)]\n87:        evict(order.pollFirst());\nFile updated.'),
    swe('Test again.', 'mvn -q test -Dtest=CacheTest', '[INFO] Tests run: 1, Failures: 0'),
    swe('Done.', 'submit', 'diff --git a/src/main/java/app/Cache.java b/src/main/java/app/Cache.java'),
  ],
};

export const CLEAN_RUNS: AuthoredRun[] = [
  lsDeeper('codex'),
  lsDeeper('gemini-cli'),
  scrollDown,
  shrinkingGrep,
  testsAfterEdits,
  todoUpdates,
  consecutiveReads('claude-code'),
  consecutiveReads('gemini-cli'),
  rejectedInterleaved,
  polling,
  normalWork,
  searchesFindNothing,
  sedEditsBetweenRuns,
  retriedOnceThenMovedOn,
  cycleTwiceThenFix,
];
