/** File names of the exported modules, from the export name ("recommended (tuned)"). */
import { slug } from './file-names';

export function tsModuleFileName(name: string): string {
  return `loopscope-${slug(name)}.ts`;
}

export function mjsModuleFileName(name: string): string {
  return `loopscope-${slug(name)}.mjs`;
}

/** TypeScript reads the types of `x.mjs` from `x.d.mts` beside it (a `.d.ts` would not be used). */
export function mjsTypesFileName(name: string): string {
  return `loopscope-${slug(name)}.d.mts`;
}

/** A Python module name must be an identifier: underscores, no leading digit. */
export function pyModuleFileName(name: string): string {
  return `loopscope_${slug(name).replace(/-/g, '_')}.py`;
}
