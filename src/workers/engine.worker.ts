/// <reference lib="webworker" />
/**
 * The Web Worker: exposes the import and engine functions through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { importFile, importFolderUnit } from './import-file';
import { closeSession, compareSession, compareStored, openSession, runSession, setJudgeAnswers, sweepOpen } from './sessions';
import { exportJsonl, rowWindow, turnAt } from './views';
import { chartWindow } from './chart-window';

const api = {
  importFile,
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
  setJudgeAnswers,
  chartWindow,
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
