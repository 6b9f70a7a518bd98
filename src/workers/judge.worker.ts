/// <reference lib="webworker" />
/**
 * The judge's Web Worker (its own, so a long run never holds up replays). The page starts it
 * from a blob: URL so it inherits the page's Content-Security-Policy (a worker loaded from an
 * http URL would not): its fetch is bound by the same connect-src. No logic lives here.
 */
import * as Comlink from 'comlink';
import { judgeCachedAnswers, judgeCancel, judgeEstimate, judgeForgetFailures, judgeRun } from './judge-job-runner';

const api = { judgeEstimate, judgeRun, judgeCancel, judgeForgetFailures, judgeCachedAnswers };

export type JudgeWorkerApi = typeof api;

Comlink.expose(api);
