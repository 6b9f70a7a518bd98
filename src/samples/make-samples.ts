/**
 * Writes the bundled sample transcripts (src/samples/*.loop.jsonl). Deterministic: run it again
 * and the files do not change. `npx tsx src/samples/make-samples.ts`
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeTranscript, type CallDraft, type TurnDraft } from '../model/normalize';
import type { Label, JudgeRecord } from '../model/transcript';
import { writeLoopscopeJsonl } from '../import/write-loopscope-jsonl';

const here = dirname(fileURLToPath(import.meta.url));

/** A linear congruential generator from a fixed seed: the same numbers, so the same files, every run. */
class SeededRandom {
  constructor(private seed: number) {}

  next(): number {
    this.seed = (this.seed * 1103515245 + 12345) & 0x7fffffff;
    return this.seed / 0x7fffffff;
  }
}

const random = new SeededRandom(42);
const tok = (input: number) => ({
  input: input + Math.floor(random.next() * 400),
  output: 40 + Math.floor(random.next() * 160),
});
const ok = (content: string) => ({ content, isError: false });
const err = (content: string) => ({ content, isError: true });
const t0 = Date.parse('2026-03-02T09:00:00Z');
const at = (i: number) => new Date(t0 + i * 17_000).toISOString();

function turn(i: number, text: string, calls: CallDraft[], ctx = 2000): TurnDraft {
  return { text, calls, tokens: tok(ctx + i * 350), timestamp: at(i) };
}

function write(
  name: string,
  title: string,
  turns: TurnDraft[],
  labels: Label[],
  judge: JudgeRecord[] = [],
  task?: string,
) {
  if (task) turns[0].before = [{ role: 'user', text: task }];
  const t = normalizeTranscript({
    format: 'loopscope-jsonl',
    title,
    source: 'Loopscope bundled sample',
    turns,
    labels,
    judge,
  });
  writeFileSync(join(here, `${name}.loop.jsonl`), writeLoopscopeJsonl(t));
}

// 1. An agent looking for a folder that does not exist: the same `ls` again and again.
{
  const dirs = ['src', 'src/llm', 'src/llm/agent', 'src/tui', 'src/config'];
  const turns: TurnDraft[] = dirs.map((d, i) =>
    turn(i, `Let me look inside ${d}.`, [
      { id: `c${i}`, name: 'ls', args: { path: d }, result: ok(['mod.rs', 'lib.rs', 'util.rs'].join('\n')) },
    ]),
  );
  for (let i = 0; i < 12; i++)
    turns.push(
      turn(
        5 + i,
        i === 0 ? 'The plugins should be in src/plugins.' : 'Let me list src/plugins again to find the loader.',
        [
          {
            id: `p${i}`,
            name: 'ls',
            args: { path: 'src/plugins' },
            result: err('ls: cannot access src/plugins: No such file or directory'),
          },
        ],
      ),
    );
  turns.push(turn(17, 'I cannot find a plugins folder; the loader may live elsewhere.', []));
  write(
    'missing-path-ls-loop',
    'Stuck listing a missing folder',
    turns,
    [{ startTurn: 7, endTurn: 17, kind: 'loop', note: 'same failing ls' }],
    [],
    'Find where plugins are loaded and add logging.',
  );
}

// 2. Edit, test, same edit, same test: an A-B oscillation on a failing test.
{
  const turns: TurnDraft[] = [
    turn(0, 'Reading the parser first.', [
      { name: 'read', args: { path: 'src/parse.py' }, result: ok('def parse(s):\n    return int(s)\n') },
    ]),
    turn(1, 'Running the tests to see the failure.', [
      {
        name: 'bash',
        args: { command: 'pytest tests/test_parse.py' },
        result: err('FAILED tests/test_parse.py::test_blank - ValueError'),
      },
    ]),
  ];
  for (let i = 0; i < 7; i++) {
    turns.push(
      turn(2 + 2 * i, 'Handle blank input by stripping first.', [
        {
          name: 'edit',
          args: { path: 'src/parse.py', old: 'return int(s)', new: 'return int(s.strip())' },
          result: ok('Edited src/parse.py'),
        },
      ]),
    );
    turns.push(
      turn(3 + 2 * i, 'Run the test again.', [
        {
          name: 'bash',
          args: { command: 'pytest tests/test_parse.py' },
          result: err('FAILED tests/test_parse.py::test_blank - ValueError'),
        },
      ]),
    );
  }
  turns.push(
    turn(16, 'Blank strings need a default: return 0 when empty.', [
      {
        name: 'edit',
        args: { path: 'src/parse.py', old: 'return int(s.strip())', new: 'return int(s.strip() or 0)' },
        result: ok('Edited src/parse.py'),
      },
    ]),
  );
  turns.push(
    turn(17, 'Checking.', [{ name: 'bash', args: { command: 'pytest tests/test_parse.py' }, result: ok('1 passed') }]),
  );
  write(
    'edit-test-oscillation',
    'Edit and test oscillation',
    turns,
    [{ startTurn: 5, endTurn: 16, kind: 'loop', note: 'same edit, same failure' }],
    [],
    'tests/test_parse.py::test_blank fails. Fix it.',
  );
}

// 3. Legitimate work: tests after every (different) edit, many distinct reads.
{
  const files = [
    'auth.py',
    'session.py',
    'tokens.py',
    'users.py',
    'roles.py',
    'audit.py',
    'mail.py',
    'billing.py',
    'search.py',
    'export.py',
  ];
  const turns: TurnDraft[] = [];
  files.forEach((f, i) => {
    turns.push(
      turn(3 * i, `Reading ${f}.`, [
        { name: 'read', args: { path: `src/${f}` }, result: ok(`# ${f}\ndef main():\n    pass\n`) },
      ]),
    );
    turns.push(
      turn(3 * i + 1, `Adding a docstring to ${f}.`, [
        {
          name: 'edit',
          args: { path: `src/${f}`, old: 'def main():', new: `def main():\n    """Entry point of ${f}."""` },
          result: ok(`Edited src/${f}`),
        },
      ]),
    );
    turns.push(
      turn(3 * i + 2, 'Running the test suite.', [
        { name: 'bash', args: { command: 'pytest -q' }, result: ok(`${40 + i} passed`) },
      ]),
    );
  });
  turns.push(turn(30, 'All modules have docstrings and the suite passes.', []));
  write(
    'healthy-docstrings',
    'Healthy: docstrings module by module',
    turns,
    [{ startTurn: 1, endTurn: 31, kind: 'progress', note: 'real work' }],
    [],
    'Add a docstring to main() in every module under src/.',
  );
}

// 4. The same error forever, with slightly different commands each time.
{
  const turns: TurnDraft[] = [
    turn(0, 'Install dependencies.', [
      { name: 'bash', args: { command: 'npm install' }, result: ok('added 312 packages') },
    ]),
  ];
  const variants = [
    'npm run build',
    'npm run build --',
    'npm run build -- --verbose',
    'npx vite build',
    'npm run build',
    'npm run  build',
    'npx vite build --debug',
    'npm run build',
  ];
  variants.forEach((c, i) =>
    turns.push(
      turn(1 + i, 'Try the build again.', [
        {
          name: 'bash',
          args: { command: c },
          result: err('Error: Cannot find module "@vitejs/plugin-react"\n    at resolve (node:internal/modules)'),
        },
      ]),
    ),
  );
  turns.push(
    turn(9, 'The plugin is missing from devDependencies; adding it.', [
      { name: 'bash', args: { command: 'npm install -D @vitejs/plugin-react' }, result: ok('added 1 package') },
    ]),
  );
  write(
    'same-error-forever',
    'Same build error, slightly different commands',
    turns,
    [{ startTurn: 3, endTurn: 9, kind: 'loop', note: 'same missing module' }],
    [],
    'The build is broken. Make it pass.',
  );
}

// 5. Two workers of a swarm stuck on the same search.
{
  const turns: TurnDraft[] = [];
  for (let i = 0; i < 14; i++) {
    const agent = i % 2 ? 'worker-b' : 'worker-a';
    turns.push({
      ...turn(i, 'Searching for the config loader.', [
        { name: 'grep', args: { pattern: 'loadConfig', path: 'src' }, result: ok(''), agent },
      ]),
      agent,
    });
  }
  write(
    'swarm-global-doom-loop',
    'Swarm: two workers, one search',
    turns,
    [{ startTurn: 5, endTurn: 14, kind: 'loop', note: 'the swarm repeats one grep' }],
    [],
    'Find and document how configuration is loaded.',
  );
}

// 6. A long session with recorded LLM judge answers (LLM-check schedule).
{
  const turns: TurnDraft[] = [];
  for (let i = 0; i < 45; i++) {
    const looping = i >= 32;
    const path = looping ? 'docs/api.md' : `docs/page-${i}.md`;
    turns.push(
      turn(
        i,
        looping ? 'Rewriting the API page intro again.' : `Writing ${path}.`,
        [
          {
            name: 'write',
            args: { path, content: looping ? '# API\nIntro.' : `# Page ${i}` },
            result: ok(`Wrote ${path}`),
          },
        ],
        1500,
      ),
    );
  }
  const judge: JudgeRecord[] = [
    { turn: 30, model: 'flash', confidence: 0.1, analysis: 'Distinct pages, steady progress.' },
    { turn: 33, model: 'flash', confidence: 0.55, analysis: 'Started rewriting the same page.' },
    { turn: 42, model: 'flash', confidence: 0.92, analysis: 'The same write to docs/api.md repeats.' },
    { turn: 42, model: 'pro', confidence: 0.96, analysis: 'Confirmed: identical rewrites without progress.' },
  ];
  write(
    'judge-recorded',
    'Docs writer with recorded LLM judge answers',
    turns,
    [{ startTurn: 33, endTurn: 45, kind: 'loop', note: 'same page rewritten' }],
    judge,
    'Write one docs page per module.',
  );
}
