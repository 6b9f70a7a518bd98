#!/usr/bin/env node
/**
 * Builds the npm package's files (docs/package.md): the CLI as one ESM file (dist/cli.mjs), every
 * src/api/*.ts entry as dist/api/<name>.mjs with its types (dist/api/<name>.d.ts over the
 * declarations in dist/types), shared code in dist/chunks. Plain Node (no tsx): it runs as
 * `prepare` on `npm ci` and before `npm pack`.
 *
 *   node scripts/build-package.mjs [--out DIR]   (DIR/dist; default: this checkout)
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { viteOnlyPlugin } from './package/vite-only-plugin.mjs';
import { addDeclarationExtensions } from './package/declaration-extensions.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const dist = join(values.out ?? root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Every API entry: a src/api file that is neither a test nor a test helper. */
const apiEntries = readdirSync(join(root, 'src/api'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !/\.test(-util)?\.ts$/.test(f))
  .map((f) => f.slice(0, -3))
  .sort();

// The app's build lives in dist/app (Vite); only the package's own outputs are replaced.
for (const f of ['cli.mjs', 'api', 'chunks', 'types']) rmSync(join(dist, f), { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

// What a consumer installs (dependencies, peerDependencies) stays an import; everything else,
// devDependencies included, is bundled, so the package needs nothing else at run time.
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap((n) => [
  n,
  `${n}/*`,
]);

await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/cli/bin.ts', out: 'cli' },
    ...apiEntries.map((name) => ({ in: `src/api/${name}.ts`, out: `api/${name}` })),
  ],
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  plugins: [viteOnlyPlugin(root)],
  legalComments: 'none',
  logLevel: 'warning',
});

// Declarations of the API entries and everything they reach, with the extensions Node's ESM
// resolution (and TypeScript's node16/nodenext/bundler modes) needs in a published package.
const tsconfig = join(dist, '.tsconfig.package.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: relative(dist, join(root, 'tsconfig.package.json')),
    compilerOptions: { outDir: 'types' },
    files: apiEntries.map((name) => relative(dist, join(root, `src/api/${name}.ts`))),
  }),
);
try {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], {
    // tsc reports on stdout; errors belong on stderr, where a failed build's caller looks.
    stdio: ['ignore', 2, 2],
  });
} finally {
  rmSync(tsconfig);
}
addDeclarationExtensions(join(dist, 'types'));
for (const name of apiEntries) {
  if (!existsSync(join(dist, 'types/api', `${name}.d.ts`))) throw new Error(`no declarations for src/api/${name}.ts`);
  writeFileSync(join(dist, 'api', `${name}.d.ts`), `export * from '../types/api/${name}.js';\n`);
}
console.log(`package built in ${relative(process.cwd(), dist) || '.'}: cli.mjs, api/{${apiEntries.join(',')}}.mjs`);
