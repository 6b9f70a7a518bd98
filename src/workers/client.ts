/** The page's handle on the worker. `new URL` stands directly inside `new Worker` so Vite bundles it. */
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from './engine.worker';
import { engineMethods } from './engine-methods';
import { Lazy } from './lazy';
import { Supervisor, type WorkerHandle } from './supervisor';

type Remote = Comlink.Remote<EngineWorkerApi>;

export function startEngineWorker(): WorkerHandle<Remote> {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
  return {
    api: Comlink.wrap<EngineWorkerApi>(worker),
    terminate: () => worker.terminate(),
    onFailure(cb) {
      worker.addEventListener('error', (e) => {
        e.preventDefault();
        cb(`the engine stopped: ${e.message || 'the worker crashed'}`);
      });
      worker.addEventListener('messageerror', () => cb('the engine sent a message the page could not read'));
    },
  };
}

/** A big first replay takes a while; a worker silent for this long is taken for dead. */
const CALL_TIMEOUT_MS = 5 * 60_000;

/** The page's one engine supervisor, made on first use. */
const supervisor = new Lazy(
  () =>
    new Supervisor<Remote>(startEngineWorker, {
      timeoutMs: CALL_TIMEOUT_MS,
      // Sessions open by id (the worker reads IndexedDB), so a respawn re-opens them from the id alone.
      sessionOpen: { method: 'openSession', key: (args) => args[0] },
      sessionCalls: engineMethods('session'),
    }),
);

export function engineSupervisor(): Supervisor<Remote> {
  return supervisor.get();
}

/**
 * An import worker becomes the engine worker once its import is answered: it holds the
 * transcripts it parsed, so opening them reads nothing back. The worker it replaces ends once its
 * calls and its own writes (an earlier import still storing turns, let go at once) are over.
 */
export function adoptEngineWorker(handle: WorkerHandle<Remote>): void {
  engineSupervisor().adopt(handle, (old) => old.api.finishStoring());
}

/**
 * The long-lived worker for replays, supervised: its methods are the worker's, and a dead or hung
 * worker is replaced (see Supervisor). Imports get their own worker so Cancel can stop them at once.
 */
export function engineWorker(): Remote {
  const s = engineSupervisor();
  return new Proxy({} as Remote, {
    get:
      (_t, method) =>
      (...args: unknown[]) =>
        (s.call as (m: keyof Remote, ...a: unknown[]) => Promise<unknown>)(method as keyof Remote, ...args),
  });
}

export { Comlink };
