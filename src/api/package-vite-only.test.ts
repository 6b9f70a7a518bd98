/**
 * The package build's handling of Vite-only code (scripts/package/vite-only-plugin.mjs): code
 * bundled with it must behave as under Vite (vitest runs these sources through Vite), and a form
 * it cannot bundle fails the build naming the file.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/presets/index';
import { PYTHON_DETECTORS, pythonModule } from '../export/python-module';

const root = join(new URL('.', import.meta.url).pathname, '../..');
const work = mkdtempSync(join(tmpdir(), 'loopscope-vite-only-'));
let n = 0;

/** Bundles `entry` as the package build does; resolves to the output file. */
async function bundle(entry: string): Promise<string> {
  const pluginFile = pathToFileURL(join(root, 'scripts/package/vite-only-plugin.mjs')).href;
  const { viteOnlyPlugin } = (await import(pluginFile)) as { viteOnlyPlugin: (root: string) => Plugin };
  const outfile = join(work, `out-${n++}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [viteOnlyPlugin(root)],
    logLevel: 'silent',
  });
  return outfile;
}

/** A folder of source files for one case. */
function sources(files: Record<string, string>): string {
  const dir = join(work, `case-${n++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the package build on Vite-only code', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('an eager ?raw glob (the Python export) bundles to the same module text as under Vite', async () => {
    const out = await bundle('src/export/python-module.ts');
    const bundled = (await import(pathToFileURL(out).href)) as {
      pythonModule: typeof pythonModule;
      PYTHON_DETECTORS: typeof PYTHON_DETECTORS;
    };
    expect(Object.keys(bundled.PYTHON_DETECTORS).sort()).toEqual(Object.keys(PYTHON_DETECTORS).sort());
    const recommended = PRESETS.find((p) => p.name === 'recommended')!;
    expect(bundled.pythonModule(recommended)).toBe(pythonModule(recommended));
  });

  it('a lazy ?raw glob gives functions resolving to each file’s text, keyed as Vite keys them', async () => {
    const dir = sources({
      'entry.ts': "export const texts = import.meta.glob('./t/*.txt', { query: '?raw', import: 'default' });",
      't/a.txt': 'A "quoted"\n',
      't/b.txt': 'B',
      't/c.md': 'not matched',
    });
    const { texts } = (await import(pathToFileURL(await bundle(join(dir, 'entry.ts'))).href)) as {
      texts: Record<string, () => Promise<string>>;
    };
    expect(Object.keys(texts)).toEqual(['./t/a.txt', './t/b.txt']);
    expect(await texts['./t/a.txt']()).toBe('A "quoted"\n');
  });

  it('a glob it cannot inline, or a ?url import, fails the build naming the file', async () => {
    const glob = sources({ 'entry.ts': "export const m = import.meta.glob('./t/*.ts');", 't/x.ts': '' });
    await expect(bundle(join(glob, 'entry.ts'))).rejects.toThrow(
      `only import.meta.glob('./dir/*.ext', { query: '?raw', import: 'default' }) can be bundled`,
    );
    await expect(bundle(join(glob, 'entry.ts'))).rejects.toThrow(`${relative(root, join(glob, 'entry.ts'))}: only`);
    const url = sources({ 'entry.ts': "import u from './x.svg?url';\nexport { u };", 'x.svg': '<svg/>' });
    await expect(bundle(join(url, 'entry.ts'))).rejects.toThrow(
      "'./x.svg?url' is a Vite-only import; the package cannot bundle it",
    );
  });
});
