import type { ImportSource } from '../src/import/types';

/** A generated file's lines as an import source (src/import/types.ts), without writing a file. */
export function linesSource(name: string, lines: readonly string[]): ImportSource {
  return {
    name,
    size: 0,
    head: () => Promise.resolve(lines.slice(0, 5).join('\n')),
    text: () => Promise.reject(new Error('lines only')),
    bytes: () => Promise.reject(new Error('lines only')),
    async *lines() {
      yield lines;
    },
  };
}
