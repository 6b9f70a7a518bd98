/**
 * The page's handle on the judge worker. The worker is started from a blob: URL that imports the
 * bundled script: a worker from a blob: URL inherits the page's Content-Security-Policy, so its
 * fetch obeys the page's connect-src (a worker loaded from an http URL would get no policy from
 * a <meta> tag at all). `?worker&url` makes Vite bundle the worker and give its URL.
 */
import * as Comlink from 'comlink';
import type { JudgeWorkerApi } from '../../workers/judge.worker';
import judgeWorkerUrl from '../../workers/judge.worker.ts?worker&url';

export interface JudgeWorker {
  api: Comlink.Remote<JudgeWorkerApi>;
  terminate(): void;
}

export function startJudgeWorker(): JudgeWorker {
  const script = new URL(judgeWorkerUrl, location.href).href;
  const blobUrl = URL.createObjectURL(new Blob([`import ${JSON.stringify(script)};`], { type: 'text/javascript' }));
  const worker = new Worker(blobUrl, { type: 'module', name: 'loopscope-judge' });
  return {
    api: Comlink.wrap<JudgeWorkerApi>(worker),
    terminate() {
      worker.terminate();
      URL.revokeObjectURL(blobUrl);
    },
  };
}

export { Comlink };
