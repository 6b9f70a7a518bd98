/**
 * Authored runs of the shapes everyday coding agents' sessions take (Claude Code, Codex, Gemini
 * CLI): the edit → build → same error cycle and its hard negative (an error that changes after
 * each edit), a command refused by the user again and again, and a batch of parallel edits
 * refused together. Written after real sessions' shapes, with each agent's real tool names and
 * output formats.
 */
import { call, cont, repeat, type AuthoredRun, type Step } from './run-builder';

const CYCLE_ERROR =
  'Exit code 1\npackage example.com/cli/cmd/cli/checkpoint\n\timports example.com/cli/cmd/cli/logging from committed.go\n\timports example.com/cli/cmd/cli/paths from logger.go\n\timports example.com/cli/cmd/cli/checkpoint from paths.go: import cycle not allowed';

const goBuild = (rep: boolean, out = CYCLE_ERROR): Step =>
  call('Let me check that it builds.', { name: 'Bash', args: { command: 'go build ./cmd/cli/checkpoint', description: 'Build the checkpoint package' }, out, isError: out !== '' }, rep);

const goEdit = (file: string, from: string, to: string): Step =>
  call(`I will move the dependency out of ${file}.`, { name: 'Edit', args: { file_path: `/home/dev/cli/cmd/cli/${file}`, old_string: from, new_string: to }, out: `The file /home/dev/cli/cmd/cli/${file} has been updated successfully.`, isError: false });

const editBuildSameError: AuthoredRun = {
  framework: 'claude-code',
  name: 'edit-build-same-import-cycle',
  task: 'Move the session id helpers out of paths/ and make it build.',
  note: '`go build ./cmd/cli/checkpoint` fails with the same import cycle 5 times, each after a different edit that never touches the cycle (logging → paths → checkpoint)',
  steps: [
    call('Let me see who imports paths.', { name: 'Grep', args: { pattern: 'paths\\.', output_mode: 'files_with_matches' }, out: 'Found 3 files\ncmd/cli/logging/logger.go\ncmd/cli/checkpoint/committed.go\ncmd/cli/session/state.go', isError: false }),
    goBuild(true),
    goEdit('checkpoint/committed.go', 'paths.ValidateSessionID(', 'validation.ValidateSessionID('),
    goBuild(true),
    goEdit('session/state.go', '"example.com/cli/cmd/cli/paths"', '"example.com/cli/cmd/cli/sessionid"'),
    call('Let me look at the imports again.', { name: 'Read', args: { file_path: '/home/dev/cli/cmd/cli/checkpoint/committed.go', offset: 1, limit: 20 }, out: '     1→package checkpoint\n     2→\n     3→import (\n     4→\t"context"\n     5→\t"example.com/cli/cmd/cli/logging"\n     6→)', isError: false }),
    goBuild(true),
    goEdit('checkpoint/temporary.go', 'paths.ModelSessionID(', 'sessionid.ModelSessionID('),
    goBuild(true),
    goEdit('checkpoint/committed.go', '// Validate identifiers', '// Validate identifiers before writing'),
    goBuild(true),
    goEdit('logging/logger.go', '"example.com/cli/cmd/cli/paths"', '"example.com/cli/cmd/cli/validation"'),
    goBuild(false, ''),
  ],
};

const moving = [
  'Exit code 1\n# example.com/cli/cmd/cli/strategy\ncmd/cli/strategy/session_state.go:39:18: undefined: paths.ValidateSessionID',
  'Exit code 1\n# example.com/cli/cmd/cli/strategy\ncmd/cli/strategy/session_state.go:10:2: "example.com/cli/cmd/cli/paths" imported and not used',
  'Exit code 1\n# example.com/cli/cmd/cli/validation\ncmd/cli/validation/validators.go:19:10: undefined: errors',
  'Exit code 1\n# example.com/cli/cmd/cli/integration_test\ncmd/cli/integration_test/hooks.go:7:2: "example.com/cli/cmd/cli/paths" imported and not used',
];
const buildErrorsChange: AuthoredRun = {
  framework: 'claude-code',
  name: 'build-errors-change-after-edits',
  task: 'Finish the refactoring and make the whole CLI build.',
  note: 'clean: `go build ./...` fails 4 times, each time with a new error that the next edit fixes; it builds at the 5th',
  steps: [
    ...moving.flatMap((out, i) => [
      call('Build everything.', { name: 'Bash', args: { command: 'go build ./...', description: 'Build the CLI' }, out, isError: true }),
      goEdit(['strategy/session_state.go', 'strategy/session_state.go', 'validation/validators.go', 'integration_test/hooks.go'][i], `old${i}`, `new${i}`),
    ]),
    call('Build everything.', { name: 'Bash', args: { command: 'go build ./...', description: 'Build the CLI' }, out: '', isError: false }),
    call('It builds. Run the tests.', { name: 'Bash', args: { command: 'go test ./...', description: 'Run the tests' }, out: 'ok  \texample.com/cli/cmd/cli\t2.078s', isError: false }),
  ],
};

const REFUSED = 'exec command rejected by user';
const refusedAgain: AuthoredRun = {
  framework: 'codex',
  name: 'same-command-refused-again',
  task: 'Deploy the docs site.',
  note: 'the same `npm run deploy` sent 4 times though the user refused it each time',
  steps: [
    call('Let me build the site first.', { name: 'shell', args: { command: ['bash', '-lc', 'npm run build'] }, out: 'built in 4.1s\n', isError: false }),
    ...repeat(4, () => call('Now deploy it.', { name: 'shell', args: { command: ['bash', '-lc', 'npm run deploy'] }, out: REFUSED, isError: true }, true)),
    { text: 'The deploy needs your approval; I stopped here.' },
  ],
};

const refusedDifferent: AuthoredRun = {
  framework: 'codex',
  name: 'different-commands-refused',
  task: 'Find out why the spec tool is missing.',
  note: 'clean: three different commands, each refused by the user once; the agent asks instead of retrying',
  steps: [
    call('Let me fetch the spec README.', { name: 'shell', args: { command: ['bash', '-lc', 'curl -sL https://example.com/spec-kit/README.md'] }, out: REFUSED, isError: true }),
    call('Search the repository instead.', { name: 'shell', args: { command: ['bash', '-lc', "rg --files -g 'spec*'"] }, out: REFUSED, isError: true }),
    call('List the folder.', { name: 'shell', args: { command: ['powershell.exe', '-Command', 'Get-ChildItem'] }, out: REFUSED, isError: true }),
    { text: 'You refused each command; tell me how you would like me to look for the spec tool.' },
  ],
};

const NOT_FOUND =
  'Failed to edit, 0 occurrences found for old_string in /home/dev/web/src/router.ts. No edits made. The exact text in old_string was not found. Ensure you\'re not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.';
const replaceNotFound: AuthoredRun = {
  framework: 'gemini-cli',
  name: 'replace-not-found-read-between',
  task: 'Add a /health route.',
  note: '`replace` of the same routes block fails with "0 occurrences found" 4 times, a read_file of the file before each retry; the old_string keeps its tab indentation the file does not have',
  steps: repeat(4, (i) => [
    call('Read the router.', { name: 'read_file', args: { absolute_path: '/home/dev/web/src/router.ts' }, out: "export const routes = [\n  { path: '/', page: Home },\n];", isError: false }),
    cont(call('Add the route.', { name: 'replace', args: { file_path: '/home/dev/web/src/router.ts', old_string: `export const routes = [\n\t{ path: '/', page: Home },${' '.repeat(i % 2)}`, new_string: "export const routes = [\n  { path: '/', page: Home },\n  { path: '/health', page: Health }," }, out: NOT_FOUND, isError: true }), i > 0),
  ])
    .map((pair) => [{ ...pair[0], rep: true }, pair[1]])
    .flat(),
};

const parallelBatchRefused: AuthoredRun = {
  framework: 'claude-code',
  name: 'parallel-edits-refused-together',
  task: 'Rename summarise to summarize everywhere.',
  note: 'clean: one turn of five parallel edits refused together (the first "File has not been read yet", the others "Sibling tool call errored"); the agent reads the files and the next edits apply',
  steps: [
    call('Rename the package folder.', { name: 'Bash', args: { command: 'mv cmd/summarise cmd/summarize', description: 'Rename the package' }, out: '', isError: false }),
    {
      text: 'Now the package clauses.',
      calls: [
        { name: 'Edit', args: { file_path: '/home/dev/cli/cmd/summarize/claude.go', old_string: 'package summarise', new_string: 'package summarize' }, out: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>', isError: true },
        ...['claude_test.go', 'summarize.go', 'summarize_test.go', 'prompt.go'].map((f) => ({ name: 'Edit', args: { file_path: `/home/dev/cli/cmd/summarize/${f}`, old_string: 'package summarise', new_string: 'package summarize' }, out: '<tool_use_error>Sibling tool call errored</tool_use_error>', isError: true })),
      ],
    },
    ...['claude.go', 'claude_test.go'].flatMap((f) => [
      call(`Read ${f}.`, { name: 'Read', args: { file_path: `/home/dev/cli/cmd/summarize/${f}` }, out: '     1→package summarise', isError: false }),
      call(`Edit ${f}.`, { name: 'Edit', args: { file_path: `/home/dev/cli/cmd/summarize/${f}`, old_string: 'package summarise', new_string: 'package summarize' }, out: `The file /home/dev/cli/cmd/summarize/${f} has been updated successfully.`, isError: false }),
    ]),
  ],
};

export const EVERYDAY_RUNS: AuthoredRun[] = [
  editBuildSameError,
  buildErrorsChange,
  refusedAgain,
  refusedDifferent,
  replaceNotFound,
  parallelBatchRefused,
];
