/**
 * The engine worker's API, one object per worker: `createEngineWorker` makes the worker's parts
 * (engine-parts.ts) and binds every method the page calls to them, so two workers (or two tests)
 * never share a session, an import's waits or a triage cache. engine.worker.ts exposes it with
 * Comlink; engine-methods.ts lists its methods by this type.
 */
import { deleteInterruptedImports } from './interrupted-imports';
import { chartWindow } from './chart-window';
import { engineParts, type EngineParts } from './engine-parts';
import { finishStoring, importAndOpen, importFile, storingDone, type ImportArgs } from './import-file';
import { importFolderUnit } from './import-folder-unit';
import { exportJsonl, rowWindow, turnAt } from './views';

/** Drop the first parameter (the worker's parts, bound here). */
type Rest<F> = F extends (first: never, ...rest: infer R) => unknown ? R : never;

export interface EngineWorkerOptions {
  /** The parts to use (tests keep a hand on them); new ones by default. */
  parts?: EngineParts;
}

export function createEngineWorker({ parts = engineParts() }: EngineWorkerOptions = {}) {
  const { sessions, comparisons, triage } = parts;
  const open = (key: number) => sessions.opened(key);
  return {
    importFile: (...a: ImportArgs) => importFile(parts, ...a),
    importAndOpen: (...a: ImportArgs) => importAndOpen(parts, ...a),
    storingDone: () => storingDone(parts),
    finishStoring: () => finishStoring(parts),
    deleteInterruptedImports,
    importFolderUnit: (...a: Rest<typeof importFolderUnit>) => importFolderUnit(triage, ...a),
    openSession: sessions.openSession.bind(sessions),
    closeSession: sessions.closeSession.bind(sessions),
    runSession: sessions.runSession.bind(sessions),
    compareSession: sessions.compareSession.bind(sessions),
    compareStored: comparisons.compareStored.bind(comparisons),
    sweepOpen: sessions.sweepOpen.bind(sessions),
    rowWindow: (key: number, start: number, end: number) => rowWindow(open(key), start, end),
    turnAt: (key: number, turn: number) => turnAt(open(key), turn),
    exportJsonl: (key: number, ...a: Rest<typeof exportJsonl>) => exportJsonl(open(key), ...a),
    triageRuns: triage.triageRuns.bind(triage),
    warmTriageMemory: triage.warmTriageMemory.bind(triage),
    noteTriageConfigs: triage.noteTriageConfigs.bind(triage),
    chartWindow: (key: number, ...a: Rest<typeof chartWindow>) => chartWindow(open(key), ...a),
  };
}

export type EngineWorkerApi = ReturnType<typeof createEngineWorker>;
