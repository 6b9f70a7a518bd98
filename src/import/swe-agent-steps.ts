/**
 * A `.traj` file's document with its `trajectory` steps parsed one at a time. JSON.parse of the
 * whole file held every step object at once beside the transcript being built (1.8 GB for a 60 MB
 * file of a million steps); here the rest of the document is parsed whole and each step only when
 * the importer reaches it, so a step's objects die as soon as its turn is normalised.
 *
 * Errors read as those of one parse of the whole file: when a piece fails, the whole text is
 * parsed to report the error at its line and column. Depth is the whole file's (a step sits two
 * levels down).
 */
import { MAX_JSON_DEPTH, mayNestDeeperThan, nestedDeeperThan } from '../model/json-depth';
import type { ImportWarning } from '../model/transcript';
import { arrayElements, objectMembers } from './json-members';
import { mayOverflow } from './json-nonfinite';
import { JsonTooDeepError, jsonProblem, parseJson } from './json-parse';
import { ImportError } from './types';

/** The steps, each handed out once (the importer keeps nothing of a step it has read). */
export interface Steps {
  readonly length: number;
  take(i: number): unknown;
}

export interface TrajDocument {
  /** The document; its `trajectory`, when read by steps, is left as an empty list. */
  doc: unknown;
  steps: Steps;
}

/** The steps of a parsed list, each dropped from the list as it is taken. */
function listSteps(list: unknown[]): Steps {
  return {
    length: list.length,
    take(i) {
      const v = list[i];
      list[i] = undefined;
      return v;
    },
  };
}

/** The error a parse of the whole file gives, as an ImportError. */
function wholeFileError(text: string, file: string, warnings: ImportWarning[]): ImportError {
  try {
    parseJson(text, { file, warnings: [...warnings] });
  } catch (e) {
    return new ImportError(file, jsonProblem(e));
  }
  return new ImportError(file, 'a step could not be read on its own; not valid JSON');
}

function parsed(text: string, file: string, warnings: ImportWarning[]): unknown {
  try {
    return parseJson(text, { file, warnings });
  } catch (e) {
    if (e instanceof DOMException) throw e;
    throw new ImportError(file, jsonProblem(e));
  }
}

export function readTrajDocument(text: string, file: string, warnings: ImportWarning[]): TrajDocument {
  const whole = (): TrajDocument => {
    const doc = parsed(text, file, warnings);
    const list = typeof doc === 'object' && doc !== null ? (doc as { trajectory?: unknown }).trajectory : undefined;
    return { doc, steps: listSteps(Array.isArray(list) ? list : []) };
  };
  // Numbers like 1e999 are found and named from the whole text: such a file is parsed whole.
  if (mayOverflow(text)) return whole();
  const span = objectMembers(text)?.get('trajectory');
  const spans = span && arrayElements(text, span);
  if (!span || !spans) return whole();
  let doc: unknown;
  try {
    doc = parseJson(`${text.slice(0, span.start)}[]${text.slice(span.end)}`, { file, warnings });
  } catch (e) {
    if (e instanceof DOMException) throw e;
    throw wholeFileError(text, file, warnings);
  }
  return {
    doc,
    steps: {
      length: spans.length / 2,
      take(i) {
        const piece = text.slice(spans[2 * i], spans[2 * i + 1]);
        let value: unknown;
        try {
          value = JSON.parse(piece);
        } catch {
          throw wholeFileError(text, file, warnings);
        }
        // The root object and the trajectory list are the two levels above a step.
        if (mayNestDeeperThan(piece, MAX_JSON_DEPTH - 2) && nestedDeeperThan(value, MAX_JSON_DEPTH - 2))
          throw new ImportError(file, jsonProblem(new JsonTooDeepError()));
        return value;
      },
    },
  };
}
