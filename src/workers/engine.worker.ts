/// <reference lib="webworker" />
/**
 * The Web Worker: exposes the import and engine functions through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { finishStoring, importAndOpen, importFile, storingDone } from './import-file';
import { importFolderUnit } from './import-folder-unit';
import { closeSession, compareSession, compareStored, openSession, runSession, sweepOpen } from './open-sessions';
import { noteTriageConfigs, triageRuns, warmTriageMemory } from './triage';
import { exportJsonl, rowWindow, turnAt } from './views';
import { chartWindow } from './chart-window';
import { deleteInterruptedImports } from '../persistence/staged-import';

const api = {
  importFile,
  importAndOpen,
  storingDone,
  finishStoring,
  deleteInterruptedImports,
  importFolderUnit,
  openSession,
  closeSession,
  runSession,
  compareSession,
  compareStored,
  sweepOpen,
  rowWindow,
  turnAt,
  exportJsonl,
  triageRuns,
  warmTriageMemory,
  noteTriageConfigs,
  chartWindow,
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
