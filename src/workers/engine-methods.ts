/**
 * Every method of the engine worker, by what a replaced worker needs before it: `opens` a
 * session (called again on a respawned worker), `session` acts on an open one (its first argument
 * is the session's id: re-opened first on a worker adopted since), `other` needs nothing. Keyed
 * by the worker's API type, so a method added, renamed or removed there fails to compile until
 * it is listed here.
 */
import type { EngineWorkerApi } from './engine-api';

type Role = 'opens' | 'session' | 'other';

export const ENGINE_METHODS = {
  importFile: 'other',
  importAndOpen: 'other',
  storingDone: 'other',
  finishStoring: 'other',
  deleteInterruptedImports: 'other',
  importFolderUnit: 'other',
  openSession: 'opens',
  closeSession: 'other',
  runSession: 'session',
  compareSession: 'session',
  compareStored: 'other',
  sweepOpen: 'session',
  rowWindow: 'session',
  turnAt: 'session',
  exportJsonl: 'session',
  triageRuns: 'other',
  warmTriageMemory: 'other',
  noteTriageConfigs: 'other',
  chartWindow: 'session',
} as const satisfies Record<keyof EngineWorkerApi, Role>;

type EngineMethod = keyof typeof ENGINE_METHODS;

/** The methods of one role, in the order listed. */
export function engineMethods(role: Role): EngineMethod[] {
  return (Object.keys(ENGINE_METHODS) as EngineMethod[]).filter((m) => ENGINE_METHODS[m] === role);
}
