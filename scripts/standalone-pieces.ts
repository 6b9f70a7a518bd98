/**
 * Bundles the pieces of the exported standalone module with esbuild, from the engine's own
 * source: the core (reader + replay loop, src/export/standalone-entry.ts) and one piece per
 * detector file `src/engine/detectors/<id>.ts` that exports a definition with that id. Each piece
 * is an IIFE assigned to a variable, with no import left; src/export/standalone-module.ts
 * concatenates the core and the enabled detectors' pieces. A new detector is picked up as long as
 * its file is named by its id (src/export/standalone.test.ts fails naming any that is not).
 */
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface StandalonePieces {
  /** Defines `__loopscope_core` with `run(items, detectors, ignoreTextualCalls)` and `publicEvent(event)`. */
  core: string;
  /** By detector id: defines `__loopscope_<id with _>` with `def`, the detector definition. */
  detectors: Record<string, string>;
  /** Source files read (relative to the resolve dirs), for the dev server's watcher. */
  inputs: string[];
}

// Same rule as src/export/standalone-module.ts pieceVar (the assembler names these variables).
export function pieceVar(id: string): string {
  return `__loopscope_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/**
 * Made readable and import-free: esbuild's file-path comments keep only the file name, and the
 * word "import" (only in strings, e.g. an error rule's Python example) is written with a \u escape
 * so nothing in the module reads as an import.
 */
function tidy(text: string): string {
  return text.replace(/^(\s*)\/\/ (?:[\w.-]+\/)+([\w.-]+\.ts)$/gm, '$1// $2').replace(/\bimport\b/g, '\\u0069mport');
}

export interface Bundled {
  text: string;
  inputs: string[];
}

async function bundle(contents: string, resolveDir: string, globalName: string): Promise<Bundled> {
  const out = await build({
    stdin: { contents, resolveDir, loader: 'ts', sourcefile: `${globalName}.ts` },
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'neutral',
    target: 'es2020',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  const text = tidy(out.outputFiles[0].text).trimEnd();
  if (/\brequire\(|\bimport\b/.test(text)) throw new Error(`${globalName}: the bundle still imports something`);
  return { text, inputs: Object.keys(out.metafile.inputs).filter((f) => !f.startsWith('<stdin>')) };
}

/** The core piece: the reader and replay loop of src/export/standalone-entry.ts. */
export function bundleCorePiece(root: string): Promise<Bundled> {
  return bundle(`export { run, publicEvent } from './standalone-entry';`, join(root, 'src/export'), '__loopscope_core');
}

/**
 * The piece of `<detectorDir>/<id>.ts`, or undefined when that file defines no detector with its
 * name (helper files such as chant-tracker, raw-text).
 */
export async function bundleDetectorPiece(detectorDir: string, id: string): Promise<Bundled | undefined> {
  // The definition is found by its id at run time, whatever the export is called.
  const entry =
    `import * as m from './${id}';\n` +
    `export const def = Object.values(m).find((v: any) => v && typeof v === 'object' && v.id === ${JSON.stringify(id)} && typeof v.create === 'function');`;
  const piece = await bundle(entry, detectorDir, pieceVar(id));
  return piece.text.includes(`id: ${JSON.stringify(id)}`) ? piece : undefined;
}

export async function buildStandalonePieces(root: string): Promise<StandalonePieces> {
  const srcExport = join(root, 'src/export');
  const detectorDir = join(root, 'src/engine/detectors');
  const inputs = new Set<string>();
  const core = await bundleCorePiece(root);
  const detectors: Record<string, string> = {};
  const files = readdirSync(detectorDir).filter((f) => f.endsWith('.ts') && !f.includes('.test'));
  for (const f of files) {
    const id = f.slice(0, -3);
    const piece = await bundleDetectorPiece(detectorDir, id);
    if (!piece) continue;
    detectors[id] = piece.text;
    for (const f of piece.inputs) inputs.add(join(detectorDir, f));
  }
  for (const f of core.inputs) inputs.add(join(srcExport, f));
  return { core: core.text, detectors, inputs: [...inputs] };
}
