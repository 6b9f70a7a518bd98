/** Runs a generated TypeScript module's text as Node would after stripping its types (it has no import). */
import { transform } from 'esbuild';

export interface LoadedModule {
  config: unknown;
  replay: (turns: readonly object[]) => unknown[];
  replayWithMessages: (turns: readonly object[]) => { message: string }[];
  replayDetails: (turns: readonly object[]) => { stoppedAt: unknown; skipped: unknown[] };
}

export async function loadTsModule(text: string): Promise<LoadedModule> {
  const js = await transform(text, { loader: 'ts', format: 'cjs' });
  const module = { exports: {} as LoadedModule };
  new Function('module', 'exports', js.code)(module, module.exports);
  return module.exports;
}
