/**
 * `virtual:loopscope-standalone`: the exported module's pieces (scripts/standalone-pieces.ts),
 * bundled from the engine's source when the app or the unit tests are built, so the export can
 * never drift from the engine. The Share panel loads it lazily (it is ~180 kB of text).
 */
import type { Plugin } from 'vite';
import { buildStandalonePieces } from './standalone-pieces.ts';

const ID = 'virtual:loopscope-standalone';
const RESOLVED = '\0' + ID;

export function standalonePiecesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'loopscope-standalone-pieces',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { core, detectors, inputs } = await buildStandalonePieces(root);
      for (const f of inputs) this.addWatchFile(f);
      return `export default ${JSON.stringify({ core, detectors })};\n`;
    },
  };
}
