import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { detectEvents } from './cli';
import { downloadTo, shot, tuneForShare } from './helpers';

/**
 * The JavaScript module from the Share tab runs as downloaded: plain `node` (no loader, no flags)
 * imports it and gets the events of `loopscope detect --json`, messages included, under the config
 * file from the same tab; its .d.mts types a TypeScript consumer; the TypeScript module, run the
 * way the tab says (tsx), gives the same events.
 */
const SAMPLE = 'Stuck listing a missing folder';
const SAMPLE_FILE = resolve('src/samples/missing-path-ls-loop.loop.jsonl');
const MAX_DUP = 'detectors.exact-repeat.maxDuplicates';

/** An agent's file, as a user writes it: a static import of the downloaded module, every line of a run. */
function agentSource(module: string): string {
  return [
    "import { readFileSync } from 'node:fs';",
    `import { replay } from './${module}';`,
    "const lines = readFileSync(process.argv[2], 'utf8').split('\\n').filter((l) => l.trim()).map((l) => JSON.parse(l));",
    'console.log(JSON.stringify(replay(lines)));',
  ].join('\n');
}

/** Plain node, as a user's shell starts it: no NODE_OPTIONS the test runner may have set. */
function plainNode(args: string[], cwd: string): string {
  const { NODE_OPTIONS: _n, ...env } = process.env;
  return execFileSync('node', args, { cwd, env, encoding: 'utf8' });
}

test('export: the JavaScript module runs with plain node and gives the CLI’s events with messages; its types check', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-mjs-'));
  await tuneForShare(page, SAMPLE, 'chatloop', MAX_DUP, '3');
  await expect(page.getByLabel('Current config').locator('[data-config-name]')).toHaveText('chatloop (tuned)');
  // Three modules, each with how to run it.
  await expect(page.locator('[data-module-usage="mjs"]')).toHaveText(
    "Node 20+ with plain node, Deno, Bun or a browser: import { replay } from './loopscope-chatloop-tuned.mjs'; TypeScript reads its types from the .d.mts saved beside it.",
  );
  await expect(page.locator('[data-module-usage="ts"]')).toHaveText(
    "import { replay } from './loopscope-chatloop-tuned.ts' in a .ts file run by npx tsx, Node 23.6+, Deno or Bun.",
  );
  await expect(page.locator('[data-module-usage="py"]')).toHaveText(
    'python3 loopscope_chatloop_tuned.py run.loop.jsonl prints the events; in your agent from loopscope_chatloop_tuned import replay.',
  );
  await page.locator('.tab-body').evaluate((el) => (el.scrollTop = 0));
  await shot(page, 'export-js-module-01-three-modules');

  const mjs = await downloadTo(page, dir, () =>
    page.getByRole('button', { name: 'Download JavaScript module' }).click(),
  );
  expect(mjs.name).toBe('loopscope-chatloop-tuned.mjs');
  const types = await downloadTo(page, dir, () =>
    page.getByRole('button', { name: 'Download its types (.d.mts)' }).click(),
  );
  expect(types.name).toBe('loopscope-chatloop-tuned.d.mts');
  const ts = await downloadTo(page, dir, () =>
    page.getByRole('button', { name: 'Download TypeScript module' }).click(),
  );
  expect(ts.name).toBe('loopscope-chatloop-tuned.ts');
  const config = await downloadTo(page, dir, () => page.getByRole('button', { name: 'Download config' }).click());
  expect(JSON.parse(readFileSync(config.path, 'utf8')).config.detectors['exact-repeat'].maxDuplicates).toBe(3);
  expect(readFileSync(mjs.path, 'utf8')).not.toMatch(/\bimport\b|\brequire\s*\(/);

  const expected = detectEvents(SAMPLE_FILE, config.path);
  // maxDuplicates 3: the 4th identical ls (turn 9) is the first exact-repeat warning, not the 3rd.
  expect(expected.slice(0, 2)).toEqual([
    {
      turn: 9,
      call: 9,
      detector: 'exact-repeat',
      action: 'warn',
      level: 1,
      message:
        "⚠️ Loop detected (exact duplicate of 'ls'). The tool 'ls' has been called 4 times with identical arguments. Consider a different approach or ask the user for help.",
    },
    {
      turn: 9,
      call: 9,
      detector: 'pattern',
      action: 'warn',
      level: 1,
      message:
        '⚠️ Loop detected (repeating pattern of 2 calls). The pattern ls → ls has repeated 2 times. Consider a different approach or ask the user for help.',
    },
  ]);

  // The JavaScript module with plain node, from the download folder.
  writeFileSync(join(dir, 'agent.mjs'), agentSource(mjs.name));
  expect(JSON.parse(plainNode(['agent.mjs', SAMPLE_FILE], dir))).toEqual(expected);

  // Its .d.mts types a consumer (strict: without it the import would be an implicit `any`, an error).
  writeFileSync(
    join(dir, 'consumer.ts'),
    [
      `import { replay, type LoopscopeEvent } from './${mjs.name}';`,
      'const events: LoopscopeEvent[] = replay([]);',
      'export const messages: string[] = events.map((e) => e.message);',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', lib: ['es2022'], types: [], noEmit: true },
      files: ['consumer.ts'],
    }),
  );
  execFileSync(resolve('node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });

  // The TypeScript module the way the tab says: an agent .ts importing it, run by tsx.
  writeFileSync(join(dir, 'agent.ts'), agentSource(ts.name));
  const tsOut = execFileSync(resolve('node_modules/.bin/tsx'), ['agent.ts', SAMPLE_FILE], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(JSON.parse(tsOut)).toEqual(expected);
});
