/**
 * The page never holds a whole transcript: views ask the worker for the rows and the
 * turn they show. This reads every module under src/features and fails on any way to load or
 * hold one: the loaders, the stored turn tables, the Transcript type, arrays of turns, and the
 * worker calls that took a transcript from the page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = new URL('.', import.meta.url).pathname;

const FORBIDDEN: [RegExp, string][] = [
  [/\bloadTranscript\b/, 'loads a whole transcript from IndexedDB'],
  [/\bturnChunks\b|\bbodies\b/, 'reads the stored turns or envelopes'],
  [/import[^;]*\bTranscript\b[^;]*from/, 'imports the Transcript type'],
  [/\bTurn\[\]|Transcript\['turns'\]/, 'holds an array of turns'],
  [/\bcompareTranscript\b/, 'sends a transcript to the worker to compare'],
  [/\bwriteLoopscopeJsonl\b|\bloopscopeJsonlLines\b/, 'writes a whole transcript on the page'],
  [/\.turns\.length\b/, 'counts turns of a transcript object (use the workbench counts)'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** `file: reason` for every forbidden use in `text`. */
export function wholeTranscriptUses(file: string, text: string): string[] {
  return FORBIDDEN.filter(([re]) => re.test(text)).map(([, why]) => `${file}: ${why}`);
}

describe('src/features holds no whole transcript', () => {
  it('the check catches each way of holding one', () => {
    expect(wholeTranscriptUses('a.ts', "import { loadTranscript } from '../../persistence/transcripts';")).toEqual([
      'a.ts: loads a whole transcript from IndexedDB',
    ]);
    expect(wholeTranscriptUses('b.ts', "import type { Label, Transcript } from '../../model/transcript';")).toEqual([
      'b.ts: imports the Transcript type',
    ]);
    expect(wholeTranscriptUses('c.tsx', 'const n = data.transcript.turns.length; let t: Turn[] = [];')).toEqual([
      'c.tsx: holds an array of turns',
      'c.tsx: counts turns of a transcript object (use the workbench counts)',
    ]);
    expect(wholeTranscriptUses('d.ts', "import type { Label, Turn } from '../../model/transcript';")).toEqual([]);
  });

  it('no module under src/features does', () => {
    const files = sources(FEATURES);
    expect(files.length).toBeGreaterThan(50);
    const uses = files.flatMap((f) => wholeTranscriptUses(relative(FEATURES, f), readFileSync(f, 'utf8')));
    expect(uses).toEqual([]);
  });
});
