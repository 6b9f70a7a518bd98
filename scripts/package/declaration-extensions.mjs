/**
 * tsc copies the sources' extensionless relative imports (`'../engine/config'`) into the
 * declarations; a published ESM package needs them with extensions (`'../engine/config.js'`, or
 * `'./presets/index.js'` for a folder), or a consumer's TypeScript under node16/nodenext cannot
 * resolve them and the API's types silently become `any`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** The specifier with the extension that names the declaration file beside `file`. */
function withExtension(file, spec) {
  const bare = spec.replace(/\.(ts|js|mjs)$/, '');
  const target = join(dirname(file), bare);
  if (existsSync(`${target}.d.ts`)) return `${bare}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${bare}/index.js`;
  throw new Error(`${file}: no declaration file for import '${spec}'`);
}

/** Rewrites every relative import of every .d.ts under `dir` in place. */
export function addDeclarationExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) addDeclarationExtensions(path);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const fixed = text.replace(SPECIFIER, (_, lead, q, spec) => `${lead}${q}${withExtension(path, spec)}${q}`);
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}
