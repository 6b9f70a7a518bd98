/**
 * What one engine worker keeps between calls, each part an object of its own: the imports in
 * progress and what their writes wait for, the open sessions, the whole-library compare's rows and
 * the library triage. Made once per worker (engine-api.ts); tests make their own and keep a hand
 * on the parts they look into.
 */
import { StoredComparisons } from './compare-stored';
import { ImportWaits, type ImportWaitsOptions } from './import-waits';
import { OpenSessions } from './open-sessions';
import { LibraryTriage } from './triage';

export interface EngineParts {
  waits: ImportWaits;
  sessions: OpenSessions;
  comparisons: StoredComparisons;
  triage: LibraryTriage;
}

/** What the import waits are made with (tests: other limits, a listener on every import state). */
export type EnginePartsOptions = ImportWaitsOptions;

export function engineParts(options: EnginePartsOptions = {}): EngineParts {
  const waits = new ImportWaits(options);
  return {
    waits,
    sessions: new OpenSessions(waits),
    comparisons: new StoredComparisons(waits),
    triage: new LibraryTriage(),
  };
}
