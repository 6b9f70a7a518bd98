/**
 * The worker's replay sessions, one per open transcript (a few kept), so a threshold change does
 * not ship the transcript again nor rebuild its fingerprints. A session opens by id: the worker
 * reads the transcript and its labels from IndexedDB itself, so the page never sends turns here.
 */
import { comparePresets, diffAlarms, metricsOf, withLabels, type CompareRow } from '../engine/compare';
import { resolveConfig, type EngineConfig } from '../engine/config';
import type { MetricsSummary } from '../engine/evaluate';
import type { JudgeCache } from '../engine/judge/request';
import type { ReplayResult } from '../engine/replay';
import { ReplaySession } from '../engine/session';
import { sweepSession, type SweepPoint } from '../engine/sweep-session';
import type { DetectorEvent } from '../engine/types';
import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { loadLabels } from '../persistence/labels';
import { loadTranscript } from '../persistence/transcripts';

const sessions = new Map<number, ReplaySession>();
const KEEP = 3;
/** Endpoint answers of the LLM judge per transcript (llm-judge source openai-compatible). */
const judgeCaches = new Map<number, JudgeCache>();

/** Opens (or re-opens) the stored transcript `id` in a session; its labels are the user's, if edited. */
export async function openSession(id: number, database: LoopscopeDb = db): Promise<void> {
  const t = await loadTranscript(id, database);
  if (!t) throw new Error(`transcript ${id} is not in the library`);
  const labels = await loadLabels(id, t, database);
  sessions.delete(id);
  sessions.set(id, new ReplaySession(withLabels(t, labels), { judgeCache: judgeCaches.get(id) }));
  while (sessions.size > KEEP) sessions.delete(sessions.keys().next().value!);
}

/** Gives session `id` the judge's endpoint answers (a fresh session: detector runs are cached by settings). */
export function setJudgeAnswers(id: number, cache: JudgeCache | null): void {
  if (cache) judgeCaches.set(id, cache);
  else judgeCaches.delete(id);
  const s = sessions.get(id);
  if (s) sessions.set(id, new ReplaySession(s.transcript, { judgeCache: cache ?? undefined }));
}

function get(key: number): ReplaySession {
  const s = sessions.get(key);
  if (!s) throw new Error(`transcript ${key} is not open in the worker`);
  return s;
}

export interface RunOutcome {
  result: ReplayResult;
  metrics: MetricsSummary | null;
  baseline: { metrics: MetricsSummary | null; appeared: DetectorEvent[]; vanished: DetectorEvent[] } | null;
  ms: number;
}

export function runSession(key: number, config: EngineConfig, labels: Label[], baseline?: EngineConfig): RunOutcome {
  const started = performance.now();
  const s = get(key);
  const resolved = resolveConfig(config);
  const t = withLabels(s.transcript, labels);
  const result = s.run(resolved);
  let base: RunOutcome['baseline'] = null;
  if (baseline) {
    const b = resolveConfig(baseline);
    const br = s.run(b);
    base = { metrics: metricsOf(br, t, b.countAction), ...diffAlarms(br, result, resolved.countAction) };
  }
  return {
    result,
    metrics: metricsOf(result, t, resolved.countAction),
    baseline: base,
    ms: performance.now() - started,
  };
}

export function compareSession(key: number, labels: Label[]): CompareRow[] {
  return comparePresets(get(key), labels);
}

export function sweepOpen(
  key: number,
  config: EngineConfig,
  param: string,
  values: unknown[],
  labels: Label[],
): SweepPoint[] {
  return sweepSession(get(key), withLabels(get(key).transcript, labels), config, param, values);
}

/** Compare over a transcript not open in a session (the whole-library compare sends them one by one). */
export function compareTranscript(t: Transcript, labels: Label[]): CompareRow[] {
  return comparePresets(new ReplaySession(t), labels);
}
