/// <reference lib="webworker" />
/**
 * The Web Worker: exposes the import and engine functions through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { finishStoring, importAndOpen, importFile, importFolderUnit, storingDone } from './import-file';
import {
  closeSession,
  compareSession,
  compareStored,
  openSession,
  runSession,
  setJudgeAnswers,
  sweepOpen,
} from './sessions';
import { noteTriageConfigs, triageRuns, warmTriageMemory } from './triage';
import { exportJsonl, rowWindow, turnAt } from './views';
import { chartWindow } from './chart-window';
import { setSliceReaders } from '../import/blob-chunks';
import { openWorkerSliceReader } from './slice-reader';

setSliceReaders(openWorkerSliceReader);

const api = {
  importFile,
  importAndOpen,
  storingDone,
  finishStoring,
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
  triageRuns,
  warmTriageMemory,
  noteTriageConfigs,
  chartWindow,
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
