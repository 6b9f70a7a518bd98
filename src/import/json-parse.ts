/**
 * JSON.parse for imported text, with the depth limit of model/json-depth.ts: a value nested
 * deeper than MAX_JSON_DEPTH is refused here with a clear reason instead of overflowing the stack
 * later (when it is cloned to the page, stored, or fingerprinted).
 */
import { MAX_JSON_DEPTH } from '../model/json-depth';
import { jsonErrorOffset } from './json-error-offset';
import { warnNonFinite, type JsonOrigin } from './json-nonfinite';

export type { JsonOrigin } from './json-nonfinite';

export class JsonTooDeepError extends Error {
  constructor() {
    super(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * Parses JSON text; throws SyntaxError for bad JSON and JsonTooDeepError for absurd nesting.
 * With an origin, numbers too large to hold (`1e999`) become null with a warning there.
 */
export function parseJson(text: string, origin?: JsonOrigin): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    if (e instanceof SyntaxError) e.message = withLineColumn(e.message, text);
    throw e;
  }
  const problem = parsedProblem(value);
  if (problem === TOO_DEEP) throw new JsonTooDeepError();
  if (problem === NON_FINITE && origin) warnNonFinite(text, value, origin);
  return value;
}

const TOO_DEEP = 1;
const NON_FINITE = 2;

/**
 * Both safety checks of a parsed value in one walk over its objects and arrays: nested deeper than
 * MAX_JSON_DEPTH (TOO_DEEP, found first), or holding a number too large to hold (NON_FINITE). The
 * walk costs per value, not per character: scanning the text for brackets and exponents instead
 * read every character of a 160 MB file twice more.
 */
function parsedProblem(root: unknown): 0 | typeof TOO_DEEP | typeof NON_FINITE {
  if (typeof root !== 'object' || root === null)
    return typeof root === 'number' && !Number.isFinite(root) ? NON_FINITE : 0;
  let found: 0 | typeof NON_FINITE = 0;
  const stack: object[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop() as Record<string, unknown>;
    const d = depths.pop()!;
    if (d > MAX_JSON_DEPTH) return TOO_DEEP;
    const array = Array.isArray(v);
    const keys = array ? undefined : Object.keys(v);
    const n = array ? (v as unknown as unknown[]).length : keys!.length;
    for (let i = 0; i < n; i++) {
      const x = array ? (v as unknown as unknown[])[i] : v[keys![i]];
      if (typeof x === 'object') {
        if (x !== null) {
          stack.push(x);
          depths.push(d + 1);
        }
      } else if (typeof x === 'number' && x - x !== 0) found = NON_FINITE;
    }
  }
  return found;
}

/** Like parseJson, but undefined instead of an exception (for optional embedded JSON strings). */
export function tryParseJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/**
 * A JSON.parse message on one line, with the line and column added where V8 gives only a
 * character position (Node 20: "… in JSON at position 9") or none (Node 20: "Unexpected token ']',
 * …", found by json-error-offset.ts); newer V8 adds "(line 2 column 1)" itself.
 */
export function withLineColumn(raw: string, text: string): string {
  // Node 20 quotes the text around the error, newlines and all: a message stays one line.
  const message = raw.replace(/\r?\n/g, '\\n');
  // Newer V8 gives the line itself; the end of the input needs no line.
  if (/\(line \d+ column \d+\)$/.test(message) || message.startsWith('Unexpected end of JSON input')) return message;
  const m = /at position (\d+)$/.exec(message);
  const at = m ? Number(m[1]) : jsonErrorOffset(text);
  if (at === undefined) return message;
  const pos = Math.min(at, text.length);
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  // One-line texts (a JSON Lines record, whose line the caller names) get the column only.
  if (line === 1 && text.indexOf('\n') === -1) return `${message} (column ${pos + 1})`;
  return `${message} (line ${line} column ${pos - start + 1})`;
}

/** The reason to show for a failed parseJson: "not valid JSON (…)" or "nested deeper than N levels". */
export function jsonProblem(e: unknown): string {
  if (e instanceof JsonTooDeepError) return e.message;
  return `not valid JSON (${e instanceof Error ? e.message : String(e)})`;
}
