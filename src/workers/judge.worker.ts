/// <reference lib="webworker" />
/**
 * The judge's Web Worker (its own, so a long run never holds up replays). The page starts it
 * from a blob: URL so it inherits the page's Content-Security-Policy (a worker loaded from an
 * http URL would not): its fetch is bound by the same connect-src. No logic lives here.
 */
import * as Comlink from 'comlink';
import { createJudgeWorker } from './judge-job-runner';

export type JudgeWorkerApi = ReturnType<typeof createJudgeWorker>;

Comlink.expose(createJudgeWorker());
