/// <reference lib="webworker" />
/**
 * The Web Worker: exposes the import and engine functions through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { importFile, type ImportOutcome } from './import-file';
import { replayTranscript } from './replay-transcript';

export interface EngineWorkerApi {
  importFile(file: Blob, name: string, formatId: string | undefined, onProgress?: (read: number, total: number) => void): Promise<ImportOutcome>;
  replay: typeof replayTranscript;
}

const api: EngineWorkerApi = { importFile, replay: replayTranscript };
Comlink.expose(api);
