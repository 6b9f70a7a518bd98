/**
 * Numbers JSON.parse cannot hold: `1e999` (or 400 digits) parses to Infinity, which every
 * importer then dropped or zeroed without a word. Each one found is replaced by null
 * (unknown, and what JSON.stringify would have written anyway) and said in one warning per
 * parsed text, naming the file, the line and the field.
 */
import type { ImportWarning } from '../model/transcript';

/** Where a parsed text came from, for its warning. */
export interface JsonOrigin {
  file: string;
  warnings: ImportWarning[];
  /** 1-based line of a JSON Lines record; found from the text for a whole document. */
  line?: number;
  /** An archive entry's name: the warning is then about the archive, naming the entry. */
  entry?: string;
}

const EXPONENT = /[eE]\+?\d{3}/g;
const DIGITS = 309;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * A cheap test on the text: only a 3-digit exponent or a run of 309 digits can overflow a
 * double, so the walk over the parsed value is skipped for every ordinary text. (A regex for the
 * digit run took a third of JSON.parse's time on 200 MB; any such run covers a multiple of 309.)
 */
export function mayOverflow(text: string): boolean {
  EXPONENT.lastIndex = 0;
  for (let m = EXPONENT.exec(text); m !== null; m = EXPONENT.exec(text))
    if (m.index > 0 && isDigit(text.charCodeAt(m.index - 1))) return true;
  for (let i = DIGITS - 1; i < text.length; i += DIGITS) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let a = i;
    let b = i;
    while (a > 0 && isDigit(text.charCodeAt(a - 1))) a--;
    while (b + 1 < text.length && isDigit(text.charCodeAt(b + 1))) b++;
    if (b - a + 1 >= DIGITS) return true;
  }
  return false;
}

/** Number tokens that may overflow, to find the line of the first one that does. */
const BIG_NUMBER = /-?\d+(?:\.\d+)?[eE]\+?\d{3,}|-?\d{309,}(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

const KEY_CHARS = 40;

function step(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const k = key.length > KEY_CHARS ? `${key.slice(0, KEY_CHARS)}…` : key;
  return path === '' ? k : `${path}.${k}`;
}

type Found = { first: string; value: number; count: number };

/** Replaces every non-finite number in `root` by null, walking in text order; names the first. */
function replaceNonFinite(root: object): Found | undefined {
  let found: Found | undefined;
  const stack: [Record<string | number, unknown>, string | number, string][] = [];
  const pushChildren = (v: object, path: string) => {
    const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    // Reversed onto the stack so the children are visited in the order they were written.
    for (let i = keys.length - 1; i >= 0; i--) stack.push([v as Record<string, unknown>, keys[i], path]);
  };
  pushChildren(root, '');
  while (stack.length > 0) {
    const [parent, key, parentPath] = stack.pop()!;
    const x = parent[key];
    if (typeof x === 'number' && !Number.isFinite(x)) {
      parent[key] = null;
      if (found) found.count++;
      else found = { first: step(parentPath, key), value: x, count: 1 };
    } else if (typeof x === 'object' && x !== null) pushChildren(x, step(parentPath, key));
  }
  return found;
}

function lineOfFirstOverflow(text: string): number | undefined {
  BIG_NUMBER.lastIndex = 0;
  for (let m = BIG_NUMBER.exec(text); m !== null; m = BIG_NUMBER.exec(text)) {
    if (Number.isFinite(Number(m[0]))) continue;
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) line++;
    return line;
  }
  return undefined;
}

/** Records warned about one by one per import; the rest are counted in one more warning. */
export const NON_FINITE_WARNINGS = 100;
const said = new WeakMap<ImportWarning[], { n: number; rest?: ImportWarning }>();

/** After JSON.parse(text): nulls out non-finite numbers of `value` and warns where they were. */
export function warnNonFinite(text: string, value: unknown, origin: JsonOrigin): void {
  if (typeof value !== 'object' || value === null || !mayOverflow(text)) return;
  const found = replaceNonFinite(value);
  if (!found) return;
  // A file with `1e999` on every one of 2 million lines gets 101 warnings, not 2 million.
  const tally = said.get(origin.warnings) ?? { n: 0 };
  said.set(origin.warnings, tally);
  if (++tally.n > NON_FINITE_WARNINGS) {
    if (!tally.rest) origin.warnings.push((tally.rest = { file: origin.file, reason: '' }));
    const n = tally.n - NON_FINITE_WARNINGS;
    tally.rest.reason = `${n} more record${n === 1 ? '' : 's'} with numbers too large to hold: read as missing`;
    return;
  }
  const line = origin.line ?? lineOfFirstOverflow(text);
  const more = found.count > 1 ? ` (and ${found.count - 1} more)` : '';
  const field = `"${found.first}" is not a finite number (${found.value}): read as missing${more}`;
  if (origin.entry === undefined) origin.warnings.push({ file: origin.file, line, reason: field });
  else
    origin.warnings.push({
      file: origin.file,
      reason: `${origin.entry}${line === undefined ? '' : `:${line}`}: ${field}`,
    });
}
