/// <reference lib="webworker" />
/**
 * The Web Worker: exposes the import and engine functions through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { importFile, importFolderUnit } from './import-file';
import { compareSession, compareTranscript, openSession, runSession, setJudgeAnswers, sweepOpen } from './sessions';

const api = {
  importFile,
  importFolderUnit,
  openSession,
  runSession,
  compareSession,
  compareTranscript,
  sweepOpen,
  setJudgeAnswers,
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
