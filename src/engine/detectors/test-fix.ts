/**
 * The doom-loop design's test-fix cycle: N consecutive failing test runs get a rethink prompt. Only test runs
 * move the count (edits between them are the cycle itself); a passing run resets it; a run without
 * a recorded result tells nothing and leaves it alone. Every failing run from the N-th on is nudged.
 */
import type { DetectorDef } from '../params';
import { shellCommand, testCommandRegex, testFailed } from '../shell';
import type { Action } from '../types';
import { formatMessage } from './message-templates';

export interface TestFixParams {
  [key: string]: number | string[] | Action[];
  threshold: number;
  testPatterns: string[];
  testTools: string[];
  actions: Action[];
}

export const DEFAULT_TEST_PATTERNS = [
  'pytest',
  'unittest',
  'tox',
  'npm test',
  'npm run test',
  'yarn test',
  'pnpm test',
  'bun test',
  'jest',
  'vitest',
  'mocha',
  'go test',
  'cargo test',
  'mvn test',
  'gradle test',
  './gradlew test',
  'make test',
  'dotnet test',
  'ctest',
  'rspec',
  'phpunit',
];

/** The doom-loop design's rethink prompt with {N} filled in. */
export function testFixPrompt(n: number): string {
  return formatMessage('test-fix', { n });
}

export const testFix: DetectorDef<TestFixParams> = {
  id: 'test-fix',
  title: 'Test-fix cycle',
  origin: 'doom-loop design',
  summary:
    'N consecutive failing test runs (shell commands matching a test pattern, or a test tool) get a rethink prompt.',
  params: [
    { key: 'threshold', label: 'Consecutive failing test runs', type: 'int', min: 1, max: 100 },
    {
      key: 'testPatterns',
      label: 'Test commands',
      type: 'strings',
      help: 'Shell commands containing one of these as whole words are test runs.',
    },
    {
      key: 'testTools',
      label: 'Test tools',
      type: 'strings',
      help: 'Tools that run tests themselves (any arguments).',
    },
    { key: 'actions', label: 'Actions per nudge in a streak', type: 'actions' },
  ],
  defaults: {
    threshold: 3,
    testPatterns: DEFAULT_TEST_PATTERNS,
    testTools: ['run_tests', 'run_test'],
    actions: ['warn'],
  },
  create(p) {
    const re = testCommandRegex(p.testPatterns);
    const tools = new Set(p.testTools.map((t) => t.toLowerCase()));
    let failures = 0;
    return {
      onCall(call, sink) {
        if (!tools.has(call.name.toLowerCase())) {
          const cmd = re && shellCommand(call.name, call.args);
          if (!cmd || !re.test(cmd)) return;
        }
        if (!call.result) return;
        if (!testFailed(call.result)) {
          failures = 0;
          return;
        }
        failures++;
        if (failures < p.threshold) return;
        const level = failures - p.threshold + 1;
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({ action, level, message: testFixPrompt(failures), pattern: [call.exact] });
      },
    };
  },
};
