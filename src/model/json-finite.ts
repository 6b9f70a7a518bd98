/**
 * The first number in a JSON value that is not finite. JSON.parse reads `1e309` (past the largest
 * double) as Infinity and `-1e309` as -Infinity, and a value from storage may hold NaN: none has a
 * literal in JSON, Python or TOML, so configs refuse them (src/engine/config.ts). Walked without
 * recursion, like json-depth.ts.
 */
export interface NonFinite {
  /** Keys and indexes from the root to the number. */
  path: (string | number)[];
  value: number;
}

export function firstNonFinite(value: unknown): NonFinite | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, value: v };
    } else if (typeof v === 'object' && v !== null) {
      const entries: [string | number, unknown][] = Array.isArray(v)
        ? v.map((x, i) => [i, x])
        : Object.entries(v as Record<string, unknown>);
      // Reversed onto the stack, so the first bad number in document order is found first.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return null;
}
