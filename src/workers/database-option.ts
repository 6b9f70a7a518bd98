import type { LoopscopeDb } from '../persistence/db';

/**
 * The last argument of the worker calls that read or write the library: tests pass their own
 * database (fake-indexeddb's); the page passes nothing and the worker uses the app's.
 */
export interface DatabaseOption {
  database?: LoopscopeDb;
}
