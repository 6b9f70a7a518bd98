/** The page's handle on the worker. `new URL` stands directly inside `new Worker` so Vite bundles it. */
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from './engine.worker';

export function startEngineWorker(): { api: Comlink.Remote<EngineWorkerApi>; terminate: () => void } {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
  return { api: Comlink.wrap<EngineWorkerApi>(worker), terminate: () => worker.terminate() };
}

let shared: Comlink.Remote<EngineWorkerApi> | undefined;

/** The long-lived worker for replays; imports get their own worker so Cancel can stop them at once. */
export function engineWorker(): Comlink.Remote<EngineWorkerApi> {
  shared ??= startEngineWorker().api;
  return shared;
}

export { Comlink };
