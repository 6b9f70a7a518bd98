/** Authored runs that hold a loop: one or more per loop pattern (docs/corpus.md). */
import { call, cont, repeat, swe, type AuthoredRun, type Step } from './run-builder';

const prompt = (file: string) => `(Open file: ${file})\n(Current directory: /fastjson)\nbash-$`;

const cdFailing: AuthoredRun = {
  framework: 'swe-agent',
  name: 'cd-volatile-line-number',
  task: 'Fix the NPE in JSON.parseObject for empty input (fastjson).',
  note: 'the same failing `cd fastjson/ && mvn -q test` 8 times; only the shell line number in the error changes',
  steps: [
    swe('Let me look at the repository layout first.', 'ls', 'fastjson\nREADME.md\n' + prompt('n/a')),
    swe('The sources are in fastjson. Let me find JSON.java.', 'find_file JSON.java', 'Found 1 matches for "JSON.java" in /fastjson:\n/fastjson/src/main/java/com/alibaba/fastjson/JSON.java'),
    swe('Let me open it at parseObject.', 'open src/main/java/com/alibaba/fastjson/JSON.java 210', '[File: /fastjson/src/main/java/com/alibaba/fastjson/JSON.java (1402 lines total)]\n(110 more lines above)\n211:    public static JSONObject parseObject(String text) {\n212:        Object obj = parse(text);'),
    swe('I will guard against empty input.', 'edit 211:212\n    public static JSONObject parseObject(String text) {\n        if (text == null || text.isEmpty()) return null;\n        Object obj = parse(text);\nend_of_edit', '[File: /fastjson/src/main/java/com/alibaba/fastjson/JSON.java (1403 lines total)]\nFile updated. Please review the changes.'),
    ...repeat(8, (i) =>
      swe(
        i === 0 ? 'Now let me run the tests in the module directory.' : 'The tests did not run. Let me try again from the module directory.',
        'cd fastjson/ && mvn -q test -Dtest=JSONTest',
        `/bin/bash: line ${11301 + 15 * i}: cd: fastjson/: No such file or directory`,
        true,
      ),
    ),
    swe('I am already inside /fastjson. Let me run maven here.', 'mvn -q test -Dtest=JSONTest', 'Tests run: 14, Failures: 0, Errors: 0, Skipped: 0'),
    swe('The tests pass; submitting.', 'submit', 'diff --git a/src/main/java/com/alibaba/fastjson/JSON.java ...'),
  ],
};

const codexPytest: AuthoredRun = {
  framework: 'codex',
  name: 'same-failing-test-volatile-duration',
  task: 'Make tests/test_slugify.py pass.',
  note: 'the same `pytest tests/test_slugify.py` failing the same way 6 times without an edit in between; only the duration and the tmp path change',
  steps: [
    call('Let me see the module.', { name: 'shell', args: { command: ['bash', '-lc', 'cat src/slug/slugify.py'] }, out: 'def slugify(s):\n    return s.lower().replace(" ", "-")\n' }),
    call('Running the tests.', { name: 'shell', args: { command: ['bash', '-lc', 'pytest -q tests/test_slugify.py'] }, out: 'F.\nFAILED tests/test_slugify.py::test_unicode - AssertionError\n1 failed, 1 passed in 0.41s\nExit code: 1' }, true),
    ...repeat(5, (i) =>
      call(
        'Let me run it once more to see the failure.',
        { name: 'shell', args: { command: ['bash', '-lc', 'pytest -q tests/test_slugify.py'] }, out: `F.\nFAILED tests/test_slugify.py::test_unicode - AssertionError\nrootdir: /tmp/pytest-of-dev/pytest-${40 + i}\n1 failed, 1 passed in 0.${38 + i * 3}s\nExit code: 1` },
        true,
      ),
    ),
    call('I need to normalise unicode first.', { name: 'apply_patch', args: { input: '*** Begin Patch\n*** Update File: src/slug/slugify.py\n-    return s.lower().replace(" ", "-")\n+    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()\n+    return s.lower().replace(" ", "-")\n*** End Patch' } , out: 'Success. Updated the following files:\nM src/slug/slugify.py' }),
    call('Re-running.', { name: 'shell', args: { command: ['bash', '-lc', 'pytest -q tests/test_slugify.py'] }, out: '..\n2 passed in 0.40s\nExit code: 0' }),
  ],
};

const strReplaceNoFlag: AuthoredRun = {
  framework: 'openhands',
  name: 'editor-error-without-flag',
  task: 'Fix the off-by-one in paginate() (utils/pages.py).',
  note: 'the same str_replace with an old_str that is not in the file, 5 times; the editor answers `ERROR:` with no error flag',
  steps: [
    call('Let me view the file.', { name: 'str_replace_editor', args: { command: 'view', path: '/workspace/utils/pages.py' }, out: "Here's the result of running `cat -n` on /workspace/utils/pages.py:\n     1\tdef paginate(items, size):\n     2\t    return [items[i:i + size] for i in range(0, len(items) - 1, size)]\n", isError: false }),
    ...repeat(5, (i) =>
      call(
        i === 0 ? 'I will fix the range end.' : 'Let me retry the replacement.',
        { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/utils/pages.py', old_str: i % 2 ? 'range(0, len(items)-1, size)' : 'range(0, len(items)-1,size)', new_str: 'range(0, len(items), size)' }, out: `ERROR:\nNo replacement was performed, old_str \`range(0, len(items)-1, size)\` did not appear verbatim in /workspace/utils/pages.py.`, isError: false },
        true,
      ),
    ),
    call('The file uses spaces around the minus. Using the exact text.', { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/utils/pages.py', old_str: 'range(0, len(items) - 1, size)', new_str: 'range(0, len(items), size)' }, out: 'The file /workspace/utils/pages.py has been edited. Here\'s the result of running `cat -n` on a snippet...', isError: false }),
    call('Running the tests.', { name: 'execute_bash', args: { command: 'cd /workspace && python -m pytest -q tests/test_pages.py' }, out: '3 passed in 0.05s\n[Python Interpreter: /usr/bin/python]\n[Command finished with exit code 0]', isError: false }),
  ],
};

const sweSyntax: AuthoredRun = {
  framework: 'swe-agent',
  name: 'edit-syntax-error-retries',
  task: 'Add a timeout parameter to Client.get (requests-like).',
  note: 'the same `edit 88:90` rejected by the linter with the same E999 IndentationError 4 times (whitespace-only changes in the body)',
  steps: [
    swe('Let me open the client.', 'open src/client.py 80', '[File: /repo/src/client.py (240 lines total)]\n(79 more lines above)\n88:    def get(self, url):\n89:        return self._send("GET", url)\n90:'),
    ...repeat(4, (i) =>
      swe(
        'I will add the timeout argument.',
        `edit 88:90\n    def get(self, url, timeout=None):\n${' '.repeat(7 + (i % 2))}return self._send("GET", url, timeout=timeout)\nend_of_edit`,
        'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: unindent does not match any outer indentation level\n\nThis is how your edit would have looked if applied\n-------------------------------------------------\n[File: /repo/src/client.py (240 lines total)]',
        true,
      ),
    ),
    swe('The body needs 8 spaces.', 'edit 88:90\n    def get(self, url, timeout=None):\n        return self._send("GET", url, timeout=timeout)\nend_of_edit', '[File: /repo/src/client.py (240 lines total)]\nFile updated.'),
    swe('Done.', 'submit', 'diff --git a/src/client.py b/src/client.py'),
  ],
};

const missingFile: AuthoredRun = {
  framework: 'swe-agent',
  name: 'open-missing-file',
  task: 'Document the retry helper.',
  note: '`open src/utils/retry.py` 4 times; every answer is `File src/utils/retry.py not found` (no error flag in .traj)',
  steps: [
    swe('Let me open the retry helper.', 'open src/utils/retry.py', 'File src/utils/retry.py not found', true),
    ...repeat(3, () => swe('Let me open the retry helper again.', 'open src/utils/retry.py', 'File src/utils/retry.py not found', true)),
    swe('Let me search for it instead.', 'find_file retry.py', 'Found 1 matches for "retry.py" in /repo:\n/repo/lib/net/retry.py'),
    swe('Opening the right path.', 'open lib/net/retry.py', '[File: /repo/lib/net/retry.py (58 lines total)]\n1:def retry(fn, attempts=3):'),
  ],
};

const proseShell: AuthoredRun = {
  framework: 'swe-agent',
  name: 'prose-as-shell-command',
  task: 'Find why test_render fails.',
  note: 'sentences sent as shell commands 5 times (different text, the same `command not found`)',
  steps: [
    swe('Let me run the failing test.', 'pytest tests/test_render.py -q', 'F\nE   AssertionError: assert "<p>" in ""\n1 failed in 0.12s'),
    ...[
      'I think the renderer returns an empty string when the template is missing.',
      'Let me check the template loader first.',
      'I should look at how templates are resolved.',
      'The loader probably uses a relative path.',
      'First I will inspect the loader configuration.',
    ].map((s, i) => swe(s, s, `/bin/bash: line ${213 + i * 4}: ${s.split(' ')[0]}: command not found`, true)),
    swe('I need to use real commands.', 'search_dir "def load_template"', 'Found 1 matches for "def load_template" in /repo:\n/repo/render/loader.py (1 matches)'),
  ],
};

const searchCycle = (framework: 'swe-agent', name: string): AuthoredRun => {
  const cycle = (rep: boolean): Step[] => [
    swe('Let me open the parser.', 'open src/parser.py', '[File: /repo/src/parser.py (812 lines total)]\n1:import re', rep),
    cont(swe('Search for the tokenizer.', 'search_file "def tokenize"', 'Found 1 matches for "def tokenize" in /repo/src/parser.py:\nLine 402:def tokenize(text):'), rep),
    cont(swe('Go to it.', 'goto 402', '[File: /repo/src/parser.py (812 lines total)]\n(401 more lines above)\n402:def tokenize(text):'), rep),
    cont(swe('Scroll to see the rest.', 'scroll_down', '[File: /repo/src/parser.py (812 lines total)]\n(501 more lines above)\n502:    return tokens'), rep),
  ];
  return {
    framework,
    name,
    task: 'Make the tokenizer keep escaped quotes.',
    note: 'the 4-step cycle open, search_file, goto, scroll_down on the same file repeated 4 times with identical results',
    steps: [swe('Find the parser.', 'find_file parser.py', 'Found 1 matches for "parser.py" in /repo:\n/repo/src/parser.py'), ...cycle(true), ...cycle(true), ...cycle(true), ...cycle(true), swe('I will edit the escape branch now.', 'edit 410:410\n        if ch == "\\\\": i += 2; continue\nend_of_edit', '[File: /repo/src/parser.py (812 lines total)]\nFile updated.')],
  };
};

const reinsertLine: AuthoredRun = {
  framework: 'claude-code',
  name: 'edit-reinserts-same-line',
  task: 'Fix NameError: os is not defined in scripts/build.py.',
  note: 'the same Edit inserting `import os` 4 times; each time the build fails with the same NameError (the import goes into a function that never runs)',
  steps: [
    call('Let me run the build.', { name: 'Bash', args: { command: 'python scripts/build.py', description: 'Run the build' }, out: "NameError: name 'os' is not defined", isError: true }),
    ...repeat(4, () => [
      call('I will add the missing import.', { name: 'Edit', args: { file_path: '/home/dev/app/scripts/build.py', old_string: 'def clean():\n', new_string: 'def clean():\n    import os\n' }, out: 'The file /home/dev/app/scripts/build.py has been updated.', isError: false }, true),
      cont(call('Run the build again.', { name: 'Bash', args: { command: 'python scripts/build.py', description: 'Run the build' }, out: "Traceback (most recent call last):\n  File \"scripts/build.py\", line 3, in <module>\n    OUT = os.path.join('dist')\nNameError: name 'os' is not defined", isError: true })),
    ]).flat(),
    call('The import must be at module level.', { name: 'Edit', args: { file_path: '/home/dev/app/scripts/build.py', old_string: 'import sys\n', new_string: 'import os\nimport sys\n' }, out: 'The file /home/dev/app/scripts/build.py has been updated.', isError: false }),
    call('Build.', { name: 'Bash', args: { command: 'python scripts/build.py', description: 'Run the build' }, out: 'built 12 pages', isError: false }),
  ],
};

const nudge = 'Please continue working on the task on whatever approach you think is suitable.\nIf you think you have solved the task, please first send your answer to user through message and then finish the interaction.';
const textualCalls: AuthoredRun = {
  framework: 'openhands',
  name: 'text-written-calls-with-nudge',
  task: 'Run the linter and fix its warnings.',
  note: 'the same call written as text (`<function=execute_bash>`) 5 times, a "Please continue" nudge after each; no real call runs',
  steps: [
    call('Let me run the linter.', { name: 'execute_bash', args: { command: 'cd /workspace && ruff check .' }, out: 'app/main.py:3:1: F401 `sys` imported but unused\nFound 1 error.\n[Command finished with exit code 1]', isError: false }),
    ...repeat(5, (i) => ({
      text: `${i === 0 ? 'I will remove the unused import.' : 'Let me remove the unused import.'}\n\n<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>/workspace/app/main.py</parameter>\n<parameter=old_str>import sys\n</parameter>\n<parameter=new_str></parameter>\n</function>`,
      user: i === 0 ? undefined : nudge,
      rep: true,
    })),
  ],
};

const rejectedStorm: AuthoredRun = {
  framework: 'openhands',
  name: 'rejected-call-storm',
  task: 'Rename the config key `timeout_s` to `timeout`.',
  note: 'str_replace_editor called without its required `command` 6 times in a row; the harness rejects every call, nothing runs',
  steps: [
    call('Let me find the key.', { name: 'execute_bash', args: { command: 'grep -rn timeout_s /workspace/src' }, out: '/workspace/src/config.py:12:    timeout_s: int = 30\n[Command finished with exit code 0]', isError: false }),
    ...repeat(6, () =>
      call('Now I will rename it.', { name: 'str_replace_editor', args: { path: '/workspace/src/config.py', old_str: '    timeout_s: int = 30', new_str: '    timeout: int = 30' }, out: "Missing required parameters for function 'str_replace_editor': {'command'}", isError: true, rejected: true }, true),
    ),
    call('I forgot the command parameter.', { name: 'str_replace_editor', args: { command: 'str_replace', path: '/workspace/src/config.py', old_str: '    timeout_s: int = 30', new_str: '    timeout: int = 30' }, out: 'The file /workspace/src/config.py has been edited.', isError: false }),
  ],
};

const geminiCycle: AuthoredRun = {
  framework: 'gemini-cli',
  name: 'read-grep-cycle',
  task: 'Explain why the cache is never invalidated.',
  note: 'the 3-step cycle read_file, search_file_content, read_file(offset) on cache.ts repeated 4 times with the same results',
  steps: [
    call('Let me list the source folder.', { name: 'list_directory', args: { path: '/home/dev/proj/src' }, out: 'Directory listing for /home/dev/proj/src:\ncache.ts\nindex.ts', isError: false }),
    ...repeat(4, () => [
      call('I will read the cache module.', { name: 'read_file', args: { absolute_path: '/home/dev/proj/src/cache.ts' }, out: 'export class Cache {\n  private store = new Map<string, Entry>();\n  ...', isError: false }, true),
      cont(call('Where is invalidate called?', { name: 'search_file_content', args: { pattern: 'invalidate\\(', path: '/home/dev/proj/src' }, out: 'Found 1 match for pattern "invalidate\\(" in path "/home/dev/proj/src":\n---\nFile: cache.ts\nL88: invalidate(key: string) {', isError: false })),
      cont(call('Let me look at that region.', { name: 'read_file', args: { absolute_path: '/home/dev/proj/src/cache.ts', offset: 80, limit: 30 }, out: '  invalidate(key: string) {\n    this.store.delete(key);\n  }', isError: false })),
    ]).flat(),
    { text: 'invalidate() is defined but never called: nothing in src calls it after a write.' },
  ],
};

const geminiShell: AuthoredRun = {
  framework: 'gemini-cli',
  name: 'npm-install-same-error',
  task: 'Set up the project and run its tests.',
  note: '`npm install` failing with the same ERESOLVE 5 times; only the log file timestamp changes',
  steps: [
    call('Let me read package.json.', { name: 'read_file', args: { absolute_path: '/home/dev/web/package.json' }, out: '{ "name": "web", "dependencies": { "react": "^19.0.0", "react-table": "^7.8.0" } }', isError: false }),
    ...repeat(5, (i) =>
      call('Installing dependencies.', { name: 'run_shell_command', args: { command: 'npm install', description: 'Install dependencies' }, out: `Command: npm install\nDirectory: (root)\nStdout: (empty)\nStderr: npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/2025-03-0${1 + i}T10_1${i}_0${i}_123Z-debug-0.log\nExit Code: 1`, isError: false }, true),
    ),
    call('I will install with legacy peer deps.', { name: 'run_shell_command', args: { command: 'npm install --legacy-peer-deps' }, out: 'Command: npm install --legacy-peer-deps\nStdout: added 212 packages in 9s\nExit Code: 0', isError: false }),
  ],
};

const sweReinsert: AuthoredRun = {
  framework: 'swe-agent',
  name: 'edit-reinserts-same-line',
  task: 'Handle None in format_date.',
  note: 'the same `edit 14:14` inserting the same guard line 3 times (the file one line longer each time, the guard repeated), each time followed by the same failing reproduction',
  steps: [
    swe('Open the helper.', 'open utils/dates.py', '[File: /repo/utils/dates.py (40 lines total)]\n14:def format_date(d):\n15:    return d.strftime("%Y-%m-%d")'),
    ...repeat(3, (i) => [
      // As SWE-agent shows an edit: the file window after it, so the result changes every time.
      swe('Add a None guard.', 'edit 14:14\ndef format_date(d):\n    if d is None: return ""\nend_of_edit', `[File: /repo/utils/dates.py (${41 + i} lines total)]\n14:def format_date(d):\n${Array.from({ length: i + 1 }, (_, j) => `${15 + j}:    if d is None: return ""`).join('\n')}\n${16 + i}:    return d.strftime("%Y-%m-%d")\nFile updated. Please review the changes and make sure they are correct.`, true),
      cont(swe('Reproduce.', 'python reproduce.py', "Traceback (most recent call last):\n  File \"/repo/reproduce.py\", line 4, in <module>\n    print(format_date(None))\nTypeError: format_date() missing 1 required positional argument: 'd'")),
    ]).flat(),
    swe('reproduce.py calls the wrong helper; the fix is in place.', 'submit', 'diff --git a/utils/dates.py b/utils/dates.py'),
  ],
};

export const LOOP_RUNS: AuthoredRun[] = [
  cdFailing,
  codexPytest,
  strReplaceNoFlag,
  sweSyntax,
  missingFile,
  proseShell,
  searchCycle('swe-agent', 'search-cycle-open-search-goto-scroll'),
  reinsertLine,
  textualCalls,
  rejectedStorm,
  geminiCycle,
  geminiShell,
  sweReinsert,
];
