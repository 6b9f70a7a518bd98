/**
 * Writes the labelled transcripts the `recommended` preset is chosen and tested on
 * (src/engine/presets/fixtures/*.loop.jsonl). Deterministic: run it again and the files do not
 * change. `npx tsx scripts/make-fixtures.ts`
 *
 * Two kinds: legitimate work that naive detectors flag (no loop label: any alarm is a false
 * positive, any stop a premature one) and loops of the shapes agents really fall into (a `loop`
 * label from the first turn a careful reader would call the loop, to its end).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeTranscript, type CallDraft, type TurnDraft } from '../src/model/normalize';
import type { Label } from '../src/model/transcript';
import { writeLoopscopeJsonl } from '../src/import/write-loopscope-jsonl';

const out = join(dirname(fileURLToPath(import.meta.url)), '../src/engine/presets/fixtures');

let seed = 7;
function rnd(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const ok = (content: string) => ({ content, isError: false });
const err = (content: string) => ({ content, isError: true });
const t0 = Date.parse('2026-03-05T10:00:00Z');

let n = 0;
function turn(text: string, calls: CallDraft[], agent?: string): TurnDraft {
  n++;
  const tokens = { input: 3000 + n * 420 + Math.floor(rnd() * 300), output: 60 + Math.floor(rnd() * 200) };
  return { text, calls, tokens, timestamp: new Date(t0 + n * 21_000).toISOString(), agent };
}
const c = (
  name: string,
  args: Record<string, unknown>,
  result?: { content: string; isError: boolean },
  agent?: string,
): CallDraft => ({
  name,
  args,
  result,
  agent,
});

function write(name: string, title: string, task: string, turns: TurnDraft[], labels: Label[] = []) {
  turns[0].before = [{ role: 'user', text: task }];
  const t = normalizeTranscript({
    format: 'loopscope-jsonl',
    title,
    source: 'Loopscope labelled fixture',
    turns,
    labels,
  });
  writeFileSync(join(out, `${name}.loop.jsonl`), writeLoopscopeJsonl(t));
  n = 0;
}

const jestFail = (failing: string[], passed: number) =>
  failing
    .map((f) => `FAIL src/${f}.test.ts\n  ● ${f} › handles the edge case\n\n    expect(received).toBe(expected)\n`)
    .join('\n') + `\nTests: ${failing.length} failed, ${passed} passed, ${failing.length + passed} total\nExit code: 1`;
const jestPass = (passed: number) =>
  `PASS src/cart.test.ts\nPASS src/price.test.ts\n\nTests: ${passed} passed, ${passed} total\nExit code: 0`;

mkdirSync(out, { recursive: true });

// --- legitimate work ------------------------------------------------------------------------

// Tests after each of several different fixes: the same test command, failing three times in a
// row, each time with fewer failures.
{
  const turns = [
    turn('Run the suite to see what fails.', [
      c('bash', { command: 'npm test' }, ok(jestFail(['cart', 'price', 'discount'], 41))),
    ]),
    turn('Three failures. Start with the cart rounding.', [
      c(
        'read',
        { path: 'src/cart.ts' },
        ok('export function total(items: Item[]) {\n  return items.reduce((s, i) => s + i.price * i.qty, 0);\n}\n'),
      ),
    ]),
    turn('Round to cents.', [
      c(
        'edit',
        {
          path: 'src/cart.ts',
          old: 'return items.reduce((s, i) => s + i.price * i.qty, 0);',
          new: 'return Math.round(items.reduce((s, i) => s + i.price * i.qty, 0) * 100) / 100;',
        },
        ok('Edited src/cart.ts'),
      ),
    ]),
    turn('Run the tests again.', [c('bash', { command: 'npm test' }, ok(jestFail(['price', 'discount'], 42)))]),
    turn('Cart passes. Now the price formatting.', [
      c('read', { path: 'src/price.ts' }, ok("export const fmt = (p: number) => '$' + p;\n")),
    ]),
    turn('Use toFixed(2).', [
      c('edit', { path: 'src/price.ts', old: "'$' + p", new: "'$' + p.toFixed(2)" }, ok('Edited src/price.ts')),
    ]),
    turn('Again.', [c('bash', { command: 'npm test' }, ok(jestFail(['discount'], 43)))]),
    turn('One left: the discount cap.', [
      c('read', { path: 'src/discount.ts' }, ok('export const apply = (p: number, d: number) => p - d;\n')),
    ]),
    turn('Cap the discount at the price.', [
      c(
        'edit',
        { path: 'src/discount.ts', old: 'p - d', new: 'Math.max(0, p - Math.min(d, p))' },
        ok('Edited src/discount.ts'),
      ),
    ]),
    turn('And the tests.', [c('bash', { command: 'npm test' }, ok(jestPass(44)))]),
    turn('All green. Checking the diff.', [
      c(
        'bash',
        { command: 'git diff --stat' },
        ok(' src/cart.ts     | 2 +-\n src/discount.ts | 2 +-\n src/price.ts    | 2 +-\n 3 files changed\nExit code: 0'),
      ),
    ]),
    turn('Fixed the three failing tests: cart rounding, price formatting and the discount cap.', []),
  ];
  write(
    'legit-tests-after-edits',
    'Legitimate: tests after each different fix',
    'The cart tests fail. Make them pass.',
    turns,
  );
}

// Deep exploration of an unfamiliar repository: many listings and reads of neighbouring paths.
{
  const dirs = [
    'src',
    'src/api',
    'src/api/handlers',
    'src/api/handlers/v1',
    'src/api/handlers/v2',
    'src/api/middleware',
    'src/db',
    'src/db/models',
  ];
  const turns: TurnDraft[] = [];
  for (const d of dirs) {
    const names = ['index.ts', 'users.ts', 'orders.ts', 'auth.ts'].map((f) => `${d.split('/').pop()}_${f}`);
    turns.push(turn(`Looking inside ${d}.`, [c('ls', { path: d }, ok(names.join('\n')))]));
  }
  for (const f of [
    'src/api/handlers/v1/users.ts',
    'src/api/handlers/v2/users.ts',
    'src/api/handlers/v1/orders.ts',
    'src/api/handlers/v2/orders.ts',
    'src/api/middleware/auth.ts',
    'src/db/models/user.ts',
    'src/db/models/order.ts',
  ])
    turns.push(
      turn(`Reading ${f}.`, [
        c(
          'read',
          { path: f },
          ok(
            `// ${f}\nexport async function handle(req: Request) {\n  const id = req.params.id;\n  return db.find('${f.split('/').pop()}', id);\n}\n`,
          ),
        ),
      ]),
    );
  for (const p of ['createUser', 'createOrder', 'deleteUser', 'requireAuth'])
    turns.push(
      turn(`Where is ${p} used?`, [
        c('grep', { pattern: p, path: 'src' }, ok(`src/api/handlers/v2/${p.toLowerCase()}.ts:12:  await ${p}(ctx)`)),
      ]),
    );
  turns.push(
    turn('v2 handlers call the db directly; v1 goes through the service layer. That is the inconsistency.', []),
  );
  write(
    'legit-deep-exploration',
    'Legitimate: deep exploration of neighbouring paths',
    'Explain why v1 and v2 handlers behave differently.',
    turns,
  );
}

// Waiting for CI: the same status command polled, its output changing as jobs finish.
{
  const turns: TurnDraft[] = [
    turn('Push the fix and watch CI.', [
      c(
        'bash',
        { command: 'git push origin fix/cart' },
        ok('To github.com:acme/shop.git\n   4f1c2d9..8a7e3b1  fix/cart -> fix/cart\nExit code: 0'),
      ),
    ]),
  ];
  const jobs = ['lint', 'typecheck', 'unit', 'e2e', 'build'];
  for (let i = 0; i < 8; i++) {
    const done = Math.min(jobs.length, Math.floor(i * 0.7));
    const status = jobs
      .map((j, k) => `${j}\t${k < done ? 'completed\tsuccess' : k === done ? 'in_progress' : 'queued'}`)
      .join('\n');
    turns.push(turn('Waiting a bit.', [c('bash', { command: 'sleep 30' }, ok('Exit code: 0'))]));
    turns.push(
      turn('Status?', [
        c(
          'bash',
          { command: 'gh run view 4821 --json jobs' },
          ok(`run 4821 (${i * 30 + 12}s elapsed)\n${status}\nExit code: 0`),
        ),
      ]),
    );
  }
  turns.push(
    turn('Almost done.', [
      c(
        'bash',
        { command: 'gh run view 4821 --json jobs' },
        ok(`run 4821 (262s elapsed)\n${jobs.map((j) => `${j}\tcompleted\tsuccess`).join('\n')}\nExit code: 0`),
      ),
    ]),
  );
  turns.push(turn('CI is green on fix/cart.', []));
  write(
    'legit-ci-polling',
    'Legitimate: polling CI until it is green',
    'Push the cart fix and make sure CI passes.',
    turns,
  );
}

// Reading a long log in pages, with the read tool and with sed.
{
  const log = (from: number, to: number) =>
    Array.from(
      { length: to - from + 1 },
      (_, i) =>
        `2026-03-05T09:${String((from + i) % 60).padStart(2, '0')}:11Z INFO worker-${(from + i) % 7} job ${1000 + from + i} done in ${(from * 7 + i * 13) % 900}ms`,
    ).join('\n');
  const turns: TurnDraft[] = [];
  for (let p = 0; p < 6; p++)
    turns.push(
      turn(p === 0 ? 'The log is long; reading it page by page.' : 'Next page.', [
        c('read', { path: 'logs/worker.log', offset: p * 200, limit: 200 }, ok(log(p * 200 + 1, p * 200 + 40))),
      ]),
    );
  for (let p = 0; p < 4; p++)
    turns.push(
      turn('The older rotation, with sed.', [
        c(
          'bash',
          { command: `sed -n '${p * 500 + 1},${(p + 1) * 500}p' logs/worker.log.1` },
          ok(log(p * 500 + 1, p * 500 + 30) + '\nExit code: 0'),
        ),
      ]),
    );
  turns.push(
    turn('Job 1412 is the slow one; looking for its error.', [
      c(
        'grep',
        { pattern: 'job 1412', path: 'logs' },
        ok('logs/worker.log:412: WARN worker-5 job 1412 retrying after timeout'),
      ),
    ]),
  );
  turns.push(turn('The slow job retries after a timeout in worker-5.', []));
  write(
    'legit-paginated-read',
    'Legitimate: reading a long log page by page',
    'Find out why the nightly jobs are slow.',
    turns,
  );
}

// A transient failure, retried, then success; a flaky network fetch retried once.
{
  const turns = [
    turn('Install dependencies.', [
      c(
        'bash',
        { command: 'npm ci' },
        err('npm ERR! code ETIMEDOUT\nnpm ERR! network request to https://registry.npmjs.org/zod failed\nExit code: 1'),
      ),
    ]),
    turn('A network timeout; retrying.', [
      c('bash', { command: 'npm ci' }, ok('added 412 packages in 21s\nExit code: 0')),
    ]),
    turn('Fetch the API schema.', [
      c('web_fetch', { url: 'https://api.acme.dev/openapi.json' }, err('503 Service Unavailable')),
    ]),
    turn('Retrying the fetch.', [
      c('web_fetch', { url: 'https://api.acme.dev/openapi.json' }, ok('{"openapi":"3.1.0","paths":{"/orders":{}}}')),
    ]),
    turn('Generate the client.', [
      c(
        'bash',
        { command: 'npx openapi-typescript openapi.json -o src/api.d.ts' },
        ok('✨ openapi-typescript 7.4.0\n🚀 openapi.json → src/api.d.ts [112ms]\nExit code: 0'),
      ),
    ]),
    turn('Type-check.', [c('bash', { command: 'npx tsc --noEmit' }, ok('Exit code: 0'))]),
    turn('The client is generated and type-checks.', []),
  ];
  write(
    'legit-transient-retry',
    'Legitimate: retrying after transient failures',
    'Regenerate the API client from the live schema.',
    turns,
  );
}

// A swarm whose workers each run the test suite after their own change.
{
  const turns: TurnDraft[] = [];
  const workers = ['w-cart', 'w-price', 'w-search'];
  for (let round = 0; round < 5; round++)
    for (const w of workers) {
      const file = `src/${w.slice(2)}/step${round}.ts`;
      turns.push(
        turn(
          `${w}: editing ${file}.`,
          [
            c(
              'edit',
              { path: file, old: `// TODO ${round}`, new: `export const step${round} = true;` },
              ok(`Edited ${file}`),
              w,
            ),
          ],
          w,
        ),
      );
      turns.push(turn(`${w}: tests.`, [c('bash', { command: 'npm test' }, ok(jestPass(44 + round)), w)], w));
    }
  turns.push(turn('All three workers finished their steps; the suite passes.', []));
  write(
    'legit-swarm-shared-tests',
    'Legitimate: a swarm running the suite after each change',
    'Split the refactor across three workers.',
    turns,
  );
}

// Compile errors fixed one at a time: the build fails five times in a row, with a new error each time.
{
  const errors = [
    "src/cart.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "src/price.ts(4,18): error TS2339: Property 'toFixed' does not exist on type 'Money'.",
    "src/discount.ts(9,3): error TS7006: Parameter 'd' implicitly has an 'any' type.",
    'src/checkout.ts(31,11): error TS2554: Expected 2 arguments, but got 1.',
    "src/api/orders.ts(57,5): error TS2741: Property 'currency' is missing in type '{ total: number; }'.",
  ];
  const fixes = [
    ['src/cart.ts', 'qty: string', 'qty: number'],
    ['src/price.ts', 'p.toFixed(2)', 'p.amount.toFixed(2)'],
    ['src/discount.ts', '(d)', '(d: number)'],
    ['src/checkout.ts', 'total(items)', 'total(items, rates)'],
    ['src/api/orders.ts', '{ total }', "{ total, currency: 'EUR' }"],
  ];
  const turns: TurnDraft[] = [];
  errors.forEach((e, i) => {
    turns.push(
      turn(i === 0 ? 'Build after the Money refactor.' : 'Build again.', [
        c(
          'bash',
          { command: 'npm run build' },
          err(`> tsc -p . && vite build\n\n${e}\n\nFound 1 error.\nExit code: 2`),
        ),
      ]),
    );
    const [path, old, nu] = fixes[i];
    turns.push(turn(`Fix ${path}.`, [c('edit', { path, old, new: nu }, ok(`Edited ${path}`))]));
  });
  turns.push(
    turn('Build.', [
      c('bash', { command: 'npm run build' }, ok('> tsc -p . && vite build\n✓ 212 modules transformed.\nExit code: 0')),
    ]),
  );
  turns.push(turn('The build passes after the Money refactor.', []));
  write(
    'legit-build-errors-one-by-one',
    'Legitimate: compile errors fixed one at a time',
    'Finish the Money refactor: the build must pass.',
    turns,
  );
}

// --- loops ----------------------------------------------------------------------------------

// Reading the same file again and again, after a bit of real work.
{
  const cfg = 'export default {\n  port: Number(process.env.PORT ?? 3000),\n  db: process.env.DATABASE_URL,\n};\n';
  const turns: TurnDraft[] = [
    turn('Where does the port come from?', [
      c('grep', { pattern: 'PORT', path: 'src' }, ok('src/config.ts:2:  port: Number(process.env.PORT ?? 3000),')),
    ]),
    turn('Reading the config.', [c('read', { path: 'src/config.ts' }, ok(cfg))]),
    turn('And the server entry.', [
      c('read', { path: 'src/server.ts' }, ok("import cfg from './config';\napp.listen(cfg.port);\n")),
    ]),
  ];
  for (let i = 0; i < 7; i++)
    turns.push(
      turn(i % 2 ? 'Let me re-read the config to be sure.' : 'Checking the config once more.', [
        c('read', { path: 'src/config.ts' }, ok(cfg)),
      ]),
    );
  turns.push(turn('The port is read from PORT with 3000 as the default.', []));
  write('loop-reread-same-file', 'Loop: re-reading one file', 'Why does the server start on 3000 in staging?', turns, [
    { startTurn: 5, endTurn: 11, kind: 'loop', note: 'the same read again and again' },
  ]);
}

// Edit, test, revert, test: a four-step cycle.
{
  const turns: TurnDraft[] = [
    turn('Run the failing test.', [
      c(
        'bash',
        { command: 'pytest tests/test_dates.py -q' },
        err(
          'FAILED tests/test_dates.py::test_parse - AssertionError: 2026-03-05 != 2026-03-04\n1 failed\nExit code: 1',
        ),
      ),
    ]),
  ];
  for (let i = 0; i < 4; i++) {
    turns.push(
      turn('Switch to UTC.', [
        c('edit', { path: 'src/dates.py', old: 'tz=local', new: 'tz=UTC' }, ok('Edited src/dates.py')),
      ]),
    );
    turns.push(
      turn('Test.', [
        c(
          'bash',
          { command: 'pytest tests/test_dates.py -q' },
          err('FAILED tests/test_dates.py::test_roundtrip - AssertionError\n1 failed\nExit code: 1'),
        ),
      ]),
    );
    turns.push(
      turn('That broke the roundtrip; back to local time.', [
        c('edit', { path: 'src/dates.py', old: 'tz=UTC', new: 'tz=local' }, ok('Edited src/dates.py')),
      ]),
    );
    turns.push(
      turn('Test.', [
        c(
          'bash',
          { command: 'pytest tests/test_dates.py -q' },
          err(
            'FAILED tests/test_dates.py::test_parse - AssertionError: 2026-03-05 != 2026-03-04\n1 failed\nExit code: 1',
          ),
        ),
      ]),
    );
  }
  turns.push(
    turn(
      'I keep flipping between two fixes. The parse must use UTC and the roundtrip must convert back; I need to change both.',
      [],
    ),
  );
  write(
    'loop-edit-revert-cycle',
    'Loop: an edit and its revert, tested in turn',
    'tests/test_dates.py fails. Fix it.',
    turns,
    [{ startTurn: 6, endTurn: 18, kind: 'loop', note: 'the same edit and revert' }],
  );
}

// The same search, its pattern tweaked every time, always empty.
{
  const turns: TurnDraft[] = [
    turn('Find the retry policy.', [c('ls', { path: 'src/net' }, ok('client.ts\nagent.ts\nindex.ts'))]),
  ];
  for (const p of [
    'retryPolicy',
    'retry_policy',
    'RetryPolicy',
    'retryPolicies',
    'retry-policy',
    'retrypolicy',
    'retryPolicy(',
    'retryPolcy',
  ])
    turns.push(turn(`Search for ${p}.`, [c('grep', { pattern: p, path: 'src' }, ok(''))]));
  turns.push(turn('No retry policy exists; the client retries inline in client.ts.', []));
  write(
    'loop-grep-variants',
    'Loop: one search, tweaked and empty every time',
    'Where is the HTTP retry policy configured?',
    turns,
    [{ startTurn: 4, endTurn: 10, kind: 'loop', note: 'near-identical searches, same empty result' }],
  );
}

// Different commands, the same error.
{
  const turns: TurnDraft[] = [
    turn('Run the migration script.', [
      c(
        'bash',
        { command: 'python scripts/migrate.py' },
        err(
          'Traceback (most recent call last):\n  File "scripts/migrate.py", line 3, in <module>\n    import yaml\nModuleNotFoundError: No module named \'yaml\'\nExit code: 1',
        ),
      ),
    ]),
  ];
  for (const cmd of [
    'python3 scripts/migrate.py',
    'python -m scripts.migrate',
    'cd scripts && python migrate.py',
    'PYTHONPATH=. python scripts/migrate.py',
    'python3 -u scripts/migrate.py --dry-run',
    'python scripts/migrate.py --verbose',
  ])
    turns.push(
      turn('Maybe the invocation is the problem.', [
        c(
          'bash',
          { command: cmd },
          err(
            'Traceback (most recent call last):\n  File "scripts/migrate.py", line 3, in <module>\n    import yaml\nModuleNotFoundError: No module named \'yaml\'\nExit code: 1',
          ),
        ),
      ]),
    );
  turns.push(
    turn('PyYAML is not installed.', [
      c('bash', { command: 'pip install pyyaml' }, ok('Successfully installed PyYAML-6.0.2\nExit code: 0')),
    ]),
  );
  turns.push(
    turn('Retry.', [c('bash', { command: 'python scripts/migrate.py' }, ok('migrated 14 tables\nExit code: 0'))]),
  );
  write('loop-same-error', 'Loop: new commands, the same ModuleNotFoundError', 'Run the database migration.', turns, [
    { startTurn: 3, endTurn: 7, kind: 'loop', note: 'the same error, whatever the command' },
  ]);
}

// Two files read in turn, forever.
{
  const a = 'export function parse(s: string) {\n  return JSON.parse(s);\n}\n';
  const b = "import { parse } from './parse';\nexport const load = (s: string) => parse(s).items;\n";
  const turns: TurnDraft[] = [
    turn('Why does load() return undefined?', [
      c('grep', { pattern: 'load(', path: 'src' }, ok('src/load.ts:2:export const load')),
    ]),
  ];
  for (let i = 0; i < 6; i++) {
    turns.push(turn('Look at parse.', [c('read', { path: 'src/parse.ts' }, ok(a))]));
    turns.push(turn('And load.', [c('read', { path: 'src/load.ts' }, ok(b))]));
  }
  turns.push(turn('The payload has no items field: load() must read data.items.', []));
  write('loop-ab-reads', 'Loop: two files read in turn', 'load() returns undefined. Why?', turns, [
    { startTurn: 4, endTurn: 14, kind: 'loop', note: 'A, B, A, B...' },
  ]);
}

// Status summaries instead of work.
{
  const turns: TurnDraft[] = [
    turn('Reading the task list.', [
      c('read', { path: 'TODO.md' }, ok('- [ ] rename the env vars\n- [ ] update the docs\n')),
    ]),
    turn('Renaming the first variable.', [
      c('edit', { path: '.env.example', old: 'DB_URL', new: 'DATABASE_URL' }, ok('Edited .env.example')),
    ]),
  ];
  const texts = [
    '## Progress\n\nRenamed DB_URL. Next I will rename the remaining variables and update the docs.',
    'Summary so far: one variable renamed. Remaining: the other variables, then the docs. I will proceed now.',
    '## Status\n\n1. DB_URL renamed\n2. Remaining variables pending\n3. Docs pending\n\nProceeding with step 2.',
    'To recap: the rename is partly done; the next step is the remaining variables.',
    'Current state: one of several variables renamed. Next: continue renaming, then docs.',
  ];
  for (const t of texts) turns.push(turn(t, []));
  turns.push(
    turn('Renaming the next variable.', [
      c('edit', { path: '.env.example', old: 'REDIS', new: 'REDIS_URL' }, ok('Edited .env.example')),
    ]),
  );
  write(
    'loop-status-summaries',
    'Loop: status summaries instead of work',
    'Rename the environment variables as listed in TODO.md.',
    turns,
    [{ startTurn: 4, endTurn: 7, kind: 'loop', note: 'text-only turns, no progress' }],
  );
}

// Trying package versions one by one, the same resolution error each time.
{
  const turns: TurnDraft[] = [];
  for (const v of ['2.0.0', '2.0.1', '2.1.0', '2.1.1', '2.2.0', '2.2.1', '2.3.0'])
    turns.push(
      turn(`Try torch ${v}.`, [
        c(
          'bash',
          { command: `pip install torch==${v}` },
          err(
            `ERROR: Could not find a version that satisfies the requirement torch==${v} (from versions: none)\nERROR: No matching distribution found for torch==${v}\nExit code: 1`,
          ),
        ),
      ]),
    );
  turns.push(
    turn('No wheel exists for this Python at all: the interpreter is 3.14. Use Python 3.12.', [
      c('bash', { command: 'uv python install 3.12' }, ok('Installed Python 3.12.9\nExit code: 0')),
    ]),
  );
  write(
    'loop-version-hunt',
    'Loop: one version after another, same resolution error',
    'Install torch for the training script.',
    turns,
    [{ startTurn: 3, endTurn: 7, kind: 'loop', note: 'every version fails the same way' }],
  );
}

// Chanting: the same sentence over and over in one answer.
{
  const turns: TurnDraft[] = [
    turn('Reading the failing handler.', [
      c(
        'read',
        { path: 'src/api/orders.ts' },
        ok('export async function create(req) {\n  return db.insert(req.body);\n}\n'),
      ),
    ]),
    turn('The handler inserts the body as is.', [c('grep', { pattern: 'validate', path: 'src/api' }, ok(''))]),
    turn('I need to validate the order before inserting it into the database. '.repeat(14), []),
  ];
  write('loop-chanting', 'Loop: the same sentence over and over', 'Orders with no items are accepted. Fix it.', turns, [
    { startTurn: 3, endTurn: 3, kind: 'loop', note: 'chanting' },
  ]);
}

// Three workers of a swarm stuck on one failing command, interleaved.
{
  const turns: TurnDraft[] = [];
  const ws = ['w1', 'w2', 'w3'];
  for (let i = 0; i < 15; i++) {
    const w = ws[i % 3];
    turns.push(
      turn(
        `${w}: checking the deploy target.`,
        [
          c(
            'bash',
            { command: 'kubectl get deploy api -n prod' },
            err('Error from server (Forbidden): deployments.apps "api" is forbidden\nExit code: 1'),
            w,
          ),
        ],
        w,
      ),
    );
  }
  turns.push(turn('None of the workers has access to prod; asking for credentials.', []));
  write(
    'loop-swarm-forbidden',
    'Loop: a swarm retrying one forbidden command',
    'Check the prod deployment of the API.',
    turns,
    [{ startTurn: 4, endTurn: 15, kind: 'loop', note: 'all workers retry the same forbidden call' }],
  );
}
