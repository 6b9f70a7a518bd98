/**
 * Splits a transcript's turns into IndexedDB records bounded by size, not only by count:
 * Chromium refuses a value over about 133 MB, so 2,000 turns of 70 KB results (150 MB) could
 * not be stored, nor one 200 MB turn. A turn that alone exceeds the bound has its largest
 * results cut, with a warning, rather than failing the whole import.
 */
import type { Turn } from '../model/transcript';

export const CHUNK_MAX_TURNS = 2000;
/** Characters of text per chunk (strings are stored at 1-2 bytes a character). */
export const CHUNK_MAX_CHARS = 16 * 1024 * 1024;
/** A single turn over this many characters gets its largest results cut to fit. */
export const TURN_MAX_CHARS = 48 * 1024 * 1024;

/** About how many characters a value holds: strings by length, the rest a few each. */
export function approxChars(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v === null || typeof v !== 'object') return 8;
  let n = 2;
  if (Array.isArray(v)) for (const x of v) n += approxChars(x) + 1;
  else for (const k in v) n += k.length + 3 + approxChars((v as Record<string, unknown>)[k]);
  return n;
}

export interface Chunked {
  chunks: Turn[][];
  /** One line per turn that had to be cut. */
  warnings: string[];
}

/** Cuts the largest results of a turn until it fits; returns the turn and a warning, if cut. */
function fitTurn(turn: Turn, size: number): { turn: Turn; warning?: string } {
  if (size <= TURN_MAX_CHARS) return { turn };
  const calls = turn.calls.map((c) => ({ ...c, result: c.result && { ...c.result } }));
  const byLength = calls.filter((c) => c.result).sort((a, b) => b.result!.content.length - a.result!.content.length);
  let over = size - TURN_MAX_CHARS;
  const cut: number[] = [];
  for (const c of byLength) {
    if (over <= 0) break;
    const content = c.result!.content;
    const keep = Math.max(0, content.length - over);
    over -= content.length - keep;
    c.result!.content = content.slice(0, keep) + `\n[… ${content.length - keep} characters cut to fit browser storage]`;
    cut.push(c.index);
  }
  // Still over (a huge assistant text, as in a 200 MB single-line file): the text's end is cut too.
  let text = turn.text;
  const textCut = over > 0 && text.length > 0;
  if (textCut) {
    const keep = Math.max(0, text.length - over);
    text = text.slice(0, keep) + `\n[… ${turn.text.length - keep} characters cut to fit browser storage]`;
  }
  const parts = [
    ...(cut.length ? [`the end of the result of call${cut.length > 1 ? 's' : ''} ${cut.join(', ')}`] : []),
    ...(textCut ? ['the end of the assistant text'] : []),
  ];
  const warning = `turn ${turn.index}: ${Math.round(size / 1e6)} M characters is more than one stored record holds; ${
    parts.length ? `${parts.join(' and ')} was cut` : 'kept whole'
  }`;
  return { turn: { ...turn, text, calls }, warning };
}

/** A smaller bound for the worker's import, which writes each chunk in its own transaction while replays run. */
export const STREAM_CHUNK_CHARS = 4 * 1024 * 1024;

export interface ChunkBounds {
  maxTurns: number;
  maxChars: number;
}

export function chunkTurns(
  turns: Turn[],
  { maxTurns, maxChars }: ChunkBounds = { maxTurns: CHUNK_MAX_TURNS, maxChars: CHUNK_MAX_CHARS },
): Chunked {
  const chunks: Turn[][] = [];
  const warnings: string[] = [];
  let current: Turn[] = [];
  let chars = 0;
  for (const original of turns) {
    const size = approxChars(original);
    const { turn, warning } = fitTurn(original, size);
    if (warning) warnings.push(warning);
    const s = Math.min(size, TURN_MAX_CHARS);
    if (current.length && (current.length >= maxTurns || chars + s > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(turn);
    chars += s;
  }
  if (current.length) chunks.push(current);
  return { chunks, warnings };
}
