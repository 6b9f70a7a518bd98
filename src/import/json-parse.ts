/**
 * JSON.parse for imported text, with the depth limit of model/json-depth.ts: a value nested
 * deeper than MAX_JSON_DEPTH is refused here with a clear reason instead of overflowing the stack
 * later (when it is cloned to the page, stored, or fingerprinted).
 */
import { MAX_JSON_DEPTH, mayNestDeeperThan, nestedDeeperThan } from '../model/json-depth';

export class JsonTooDeepError extends Error {
  constructor() {
    super(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/** Parses JSON text; throws SyntaxError for bad JSON and JsonTooDeepError for absurd nesting. */
export function parseJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (mayNestDeeperThan(text) && nestedDeeperThan(value)) throw new JsonTooDeepError();
  return value;
}

/** Like parseJson, but undefined instead of an exception (for optional embedded JSON strings). */
export function tryParseJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** The reason to show for a failed parseJson: "not valid JSON (…)" or "nested deeper than N levels". */
export function jsonProblem(e: unknown): string {
  if (e instanceof JsonTooDeepError) return e.message;
  return `not valid JSON (${e instanceof Error ? e.message : String(e)})`;
}
