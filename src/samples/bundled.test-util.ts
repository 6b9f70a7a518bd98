/** The bundled samples as tests read them (Node): their names, in order, and their text. */
import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('./', import.meta.url);

/** edit-test-oscillation, healthy-docstrings, …: every `*.loop.jsonl` here, without the extension, sorted. */
export const BUNDLED_SAMPLES: readonly string[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.loop.jsonl'))
  .map((f) => f.slice(0, -'.loop.jsonl'.length))
  .sort();

export function bundledSampleText(name: string): string {
  return readFileSync(new URL(`${name}.loop.jsonl`, DIR), 'utf8');
}
