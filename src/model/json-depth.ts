/**
 * How deep a JSON value nests, checked without recursion. JSON.parse in V8 is iterative and reads
 * any depth, but JSON.stringify, structuredClone (the worker boundary, IndexedDB) and every
 * recursive walk over arguments overflow the stack a few thousand levels down. Values deeper than
 * MAX_JSON_DEPTH are refused at import, so nothing downstream ever meets one. Real transcripts
 * nest a few dozen levels.
 */

import { MAX_JSON_DEPTH } from './limits';

export { MAX_JSON_DEPTH };

/** True when `value` has objects or arrays nested more than `limit` levels (the root is level 1). */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop() as object;
    const d = depths.pop()!;
    if (d > limit) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) {
          stack.push(x);
          depths.push(d + 1);
        }
      }
    } else {
      for (const k in v) {
        const x: unknown = (v as Record<string, unknown>)[k];
        if (typeof x === 'object' && x !== null) {
          stack.push(x);
          depths.push(d + 1);
        }
      }
    }
  }
  return false;
}

/**
 * A quick bound from the text: a JSON text with at most `limit` brackets and braces cannot nest
 * deeper than `limit`, so the walk over the parsed value is only needed for long texts.
 */
export function mayNestDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let n = 0;
  for (let i = text.indexOf('['); i !== -1 && n <= limit; i = text.indexOf('[', i + 1)) n++;
  for (let i = text.indexOf('{'); i !== -1 && n <= limit; i = text.indexOf('{', i + 1)) n++;
  return n > limit;
}
