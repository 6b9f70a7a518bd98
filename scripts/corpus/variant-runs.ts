/**
 * The patterns of loop-runs.ts and clean-runs.ts again in other frameworks (their tool names and
 * output shapes), so that every source has loops and hard negatives of several kinds.
 */
import { call, cont, repeat, swe, type AuthoredRun } from './run-builder';

const exit = (code: number) => `\n[Command finished with exit code ${code}]`;

const runserverPort: AuthoredRun = {
  framework: 'openhands',
  name: 'runserver-port-in-use',
  task: 'Start the dev server and check the /health page.',
  note: 'the same `python manage.py runserver 8000` failing with "That port is already in use" 5 times; only the timestamp in the output changes',
  steps: [
    call('Let me start the server.', { name: 'execute_bash', args: { command: 'cd /workspace/app && python manage.py runserver 8000' }, out: `Watching for file changes with StatReloader\nPerforming system checks...\n\nSystem check identified no issues (0 silenced).\nNovember 25, 2026 - 10:14:03\nDjango version 4.2, using settings 'app.settings'\nError: That port is already in use.${exit(1)}` }, true),
    ...repeat(4, (i) =>
      call('Let me try starting the server again.', { name: 'execute_bash', args: { command: 'cd /workspace/app && python manage.py runserver 8000' }, out: `Watching for file changes with StatReloader\nPerforming system checks...\n\nSystem check identified no issues (0 silenced).\nNovember 25, 2026 - 10:1${5 + i}:${10 + 7 * i}\nDjango version 4.2, using settings 'app.settings'\nError: That port is already in use.${exit(1)}` }, true),
    ),
    call('Something holds port 8000. Use another port.', { name: 'execute_bash', args: { command: 'cd /workspace/app && (python manage.py runserver 8001 > /tmp/server.log 2>&1 &) && sleep 2 && curl -s localhost:8001/health' }, out: `{"status": "ok"}${exit(0)}` }),
  ],
};

const ohSearchCycle: AuthoredRun = {
  framework: 'openhands',
  name: 'view-grep-view-cycle',
  task: 'Fix the wrong default in parse_args.',
  note: 'the 3-step cycle view cli.py, grep -n "default=", view a range, repeated 3 times with the same outputs',
  steps: [
    call('Let me find the CLI module.', { name: 'execute_bash', args: { command: 'find /workspace -name cli.py' }, out: `/workspace/tool/cli.py${exit(0)}` }),
    ...repeat(3, () => [
      call('Let me view the file.', { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/tool/cli.py' }, out: "Here's the result of running `cat -n` on /workspace/tool/cli.py:\n     1\timport argparse\n     2\t\n     3\tdef parse_args(argv):", isError: false }, true),
      cont(call('Where are the defaults?', { name: 'execute_bash', args: { command: 'grep -n "default=" /workspace/tool/cli.py' }, out: `12:    p.add_argument("--retries", default=0)\n13:    p.add_argument("--timeout", default="30")${exit(0)}` })),
      cont(call('Let me look at those lines.', { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/tool/cli.py', view_range: [10, 16] }, out: "Here's the result of running `cat -n` on /workspace/tool/cli.py:\n    10\tdef parse_args(argv):\n    11\t    p = argparse.ArgumentParser()\n    12\t    p.add_argument(\"--retries\", default=0)", isError: false })),
    ]).flat(),
    call('The timeout default is a string. Fixing it.', { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/tool/cli.py', old_str: 'default="30"', new_str: 'default=30, type=int' }, out: 'The file /workspace/tool/cli.py has been edited.', isError: false }),
  ],
};

const ccMissingFile: AuthoredRun = {
  framework: 'claude-code',
  name: 'read-missing-file',
  task: 'Summarise the deployment settings.',
  note: 'Read of the same missing file 4 times; every answer is "File does not exist."',
  steps: [
    call('Let me read the deployment config.', { name: 'Read', args: { file_path: '/home/dev/app/config/deploy.yml' }, out: '<tool_use_error>File does not exist.</tool_use_error>', isError: true }, true),
    ...repeat(3, () =>
      call('Let me read the deployment config file.', { name: 'Read', args: { file_path: '/home/dev/app/config/deploy.yml' }, out: '<tool_use_error>File does not exist.</tool_use_error>', isError: true }, true),
    ),
    call('Let me look for it.', { name: 'Glob', args: { pattern: '**/deploy*.y*ml' }, out: '/home/dev/app/ops/deploy.yaml', isError: false }),
    call('Reading the right file.', { name: 'Read', args: { file_path: '/home/dev/app/ops/deploy.yaml' }, out: '     1\treplicas: 3\n     2\timage: app:latest', isError: false }),
  ],
};

const codexProse: AuthoredRun = {
  framework: 'codex',
  name: 'prose-as-shell-command',
  task: 'Find why the CLI ignores --verbose.',
  note: 'sentences sent as the shell command 4 times (different text, the same `command not found`, exit 127)',
  steps: [
    call('Let me look at the entry point.', { name: 'shell', args: { command: ['bash', '-lc', 'sed -n 1,60p src/cli.rs'] }, out: 'fn main() {\n    let args = Args::parse();\n' }),
    ...['Let me check how the verbose flag is parsed', 'First I will look at the Args struct', 'I should inspect the clap derive attributes', 'The flag is probably not wired to the logger'].map((s) =>
      call(s + '.', { name: 'shell', args: { command: ['bash', '-lc', s] }, out: `bash: line 1: ${s.split(' ')[0]}: command not found\nExit code: 127` }, true),
    ),
    call('Using grep.', { name: 'shell', args: { command: ['rg', '-n', 'verbose', 'src'] }, out: 'src/cli.rs:14:    #[arg(short, long)]\nsrc/cli.rs:15:    verbose: bool,' }),
  ],
};

const sweHexRepro: AuthoredRun = {
  framework: 'swe-agent',
  name: 'rerun-repro-hex-address',
  task: 'Fix the repr of Node to show its children.',
  note: '`python reproduce.py` run 4 times without an edit between; the output differs only in the object address (0x7f…)',
  steps: [
    swe('Write a reproduction.', 'create reproduce.py', '[File: /repo/reproduce.py (1 lines total)]\n1:'),
    swe('Add the code.', 'edit 1:1\nfrom tree import Node\nprint(repr(Node([Node([])])))\nend_of_edit', '[File: /repo/reproduce.py (2 lines total)]\nFile updated.'),
    ...repeat(4, (i) => swe(i ? 'Let me run it again to double-check.' : 'Run it.', 'python reproduce.py', `<tree.Node object at 0x7f${(0x3a2c10 + i * 0x1f40).toString(16)}>`, true)),
    swe('repr is not defined; open the class.', 'open tree.py', '[File: /repo/tree.py (20 lines total)]\n1:class Node:'),
    swe('Add __repr__.', 'edit 4:4\n    def __repr__(self):\n        return f"Node({self.children!r})"\nend_of_edit', '[File: /repo/tree.py (22 lines total)]\nFile updated.'),
    swe('Check.', 'python reproduce.py', 'Node([Node([])])'),
  ],
};

const ohReadRegions: AuthoredRun = {
  framework: 'openhands',
  name: 'view-consecutive-ranges',
  task: 'Review the scheduler for race conditions.',
  note: 'clean: str_replace_editor view of the same file at consecutive view_ranges; each region is new',
  steps: [
    ...repeat(5, (i) =>
      call(`Viewing lines ${i * 80 + 1}-${i * 80 + 80}.`, { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/sched/scheduler.py', view_range: [i * 80 + 1, i * 80 + 80] }, out: `Here's the result of running \`cat -n\` on /workspace/sched/scheduler.py:\n${String(i * 80 + 1).padStart(6)}\t# block ${i + 1}\n${String(i * 80 + 2).padStart(6)}\tdef part_${i + 1}(self):`, isError: false }),
    ),
    { text: 'part_3 reads self.queue without holding the lock: that is the race.' },
  ],
};

const ohLsDeeper: AuthoredRun = {
  framework: 'openhands',
  name: 'ls-one-level-deeper',
  task: 'Where is the match expression type-checked?',
  note: 'clean: `ls -l` one directory deeper each time (as in the real ponyc runs); every listing is new',
  steps: [
    ...['', '/src', '/src/libponyc', '/src/libponyc/expr'].map((d, i) =>
      call(`Listing ${d || 'the repository'}.`, { name: 'execute_bash', args: { command: `ls -l /workspace/ponyc${d}` }, out: `total ${300 - i * 60}\ndrwxr-xr-x 3 root root 4096 Apr 30 08:32 ${['src', 'libponyc', 'expr', 'match.c'][i]}${exit(0)}` }),
    ),
    call('Open match.c.', { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/ponyc/src/libponyc/expr/match.c', view_range: [1, 40] }, out: "Here's the result of running `cat -n` on /workspace/ponyc/src/libponyc/expr/match.c:\n     1\t#include \"match.h\"", isError: false }),
  ],
};

const sweTestsAfterEdits: AuthoredRun = {
  framework: 'swe-agent',
  name: 'tests-rerun-after-different-edits',
  task: 'Make test_money.py pass.',
  note: 'clean: pytest re-run 3 times, each after a different edit; failures go 3 → 1 → 0',
  steps: [
    swe('Run the tests.', 'pytest -q tests/test_money.py', 'FFF.\n3 failed, 1 passed in 0.08s'),
    swe('Open money.py.', 'open money.py', '[File: /repo/money.py (60 lines total)]\n1:from decimal import Decimal'),
    swe('Round half up.', 'edit 22:22\n        return self.amount.quantize(CENT, rounding=ROUND_HALF_UP)\nend_of_edit', '[File: /repo/money.py (60 lines total)]\nFile updated.'),
    swe('Run the tests.', 'pytest -q tests/test_money.py', 'F...\n1 failed, 3 passed in 0.07s'),
    swe('Currency must match in __add__.', 'edit 31:31\n        if other.currency != self.currency: raise ValueError(other.currency)\nend_of_edit', '[File: /repo/money.py (61 lines total)]\nFile updated.'),
    swe('Run the tests.', 'pytest -q tests/test_money.py', '....\n4 passed in 0.07s'),
    swe('Done.', 'submit', 'diff --git a/money.py b/money.py'),
  ],
};

const sweShrinkingSearch: AuthoredRun = {
  framework: 'swe-agent',
  name: 'search-dir-hits-shrink',
  task: 'Find where the cache key is built.',
  note: 'clean: search_dir 3 times with narrower terms (57 → 8 → 1 matches), then goto different lines',
  steps: [
    swe('Search broadly.', 'search_dir "cache"', 'Found 57 matches for "cache" in /repo:\n/repo/store/cache.py (31 matches)\n/repo/api/views.py (26 matches)'),
    swe('Narrow it.', 'search_dir "cache_key"', 'Found 8 matches for "cache_key" in /repo:\n/repo/store/cache.py (8 matches)'),
    swe('Narrow again.', 'search_dir "def cache_key"', 'Found 1 matches for "def cache_key" in /repo:\n/repo/store/cache.py (1 matches)'),
    swe('Open it.', 'open store/cache.py', '[File: /repo/store/cache.py (300 lines total)]\n1:import hashlib'),
    swe('Go to the definition.', 'goto 140', '[File: /repo/store/cache.py (300 lines total)]\n(139 more lines above)\n140:def cache_key(*parts):'),
    swe('And its caller.', 'goto 233', '[File: /repo/store/cache.py (300 lines total)]\n(232 more lines above)\n233:    key = cache_key(user.id, path)'),
  ],
};

const ccTestsAfterEdits: AuthoredRun = {
  framework: 'claude-code',
  name: 'tests-rerun-after-different-edits',
  task: 'Fix the failing date helpers.',
  note: 'clean: `npm test` re-run 3 times, each after a different Edit; failures go 2 → 1 → 0',
  steps: [
    call('Run the tests.', { name: 'Bash', args: { command: 'npm test -- dates', description: 'Run date tests' }, out: ' FAIL  src/dates.test.ts\n  ✕ formats ISO weeks\n  ✕ parses offsets\nTests: 2 failed, 6 passed', isError: true }),
    call('Fix ISO weeks.', { name: 'Edit', args: { file_path: '/app/src/dates.ts', old_string: 'getDay()', new_string: '(getDay() + 6) % 7' }, out: 'The file /app/src/dates.ts has been updated.', isError: false }),
    call('Run the tests.', { name: 'Bash', args: { command: 'npm test -- dates', description: 'Run date tests' }, out: ' FAIL  src/dates.test.ts\n  ✕ parses offsets\nTests: 1 failed, 7 passed', isError: true }),
    call('Fix offsets.', { name: 'Edit', args: { file_path: '/app/src/dates.ts', old_string: "split('+')", new_string: 'split(/[+-]/)' }, out: 'The file /app/src/dates.ts has been updated.', isError: false }),
    call('Run the tests.', { name: 'Bash', args: { command: 'npm test -- dates', description: 'Run date tests' }, out: ' PASS  src/dates.test.ts\nTests: 8 passed', isError: false }),
  ],
};

export const VARIANT_RUNS: AuthoredRun[] = [
  runserverPort,
  ohSearchCycle,
  ccMissingFile,
  codexProse,
  sweHexRepro,
  ohReadRegions,
  ohLsDeeper,
  sweTestsAfterEdits,
  sweShrinkingSearch,
  ccTestsAfterEdits,
];
