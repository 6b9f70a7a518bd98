/// <reference lib="webworker" />
/**
 * The Web Worker: exposes one engine worker's API (engine-api.ts) through Comlink. No logic lives here.
 */
import * as Comlink from 'comlink';
import { createEngineWorker } from './engine-api';

export type { EngineWorkerApi } from './engine-api';

Comlink.expose(createEngineWorker());
