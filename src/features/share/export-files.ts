/** File names of the exported modules, from the export name ("recommended (tuned)"). */
import { slug } from './file-names';

export function tsModuleFileName(name: string): string {
  return `loopscope-${slug(name)}.ts`;
}

/** A Python module name must be an identifier: underscores, no leading digit. */
export function pyModuleFileName(name: string): string {
  return `loopscope_${slug(name).replace(/-/g, '_')}.py`;
}
