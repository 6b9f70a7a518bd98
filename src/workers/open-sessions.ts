/**
 * The worker's replay sessions, one per open transcript (a few kept), so a threshold change does
 * not ship the transcript again nor rebuild its fingerprints. A session opens by id: the worker
 * reads the transcript and its labels from IndexedDB itself, so the page never sends turns here.
 */
import * as Comlink from 'comlink';
import {
  compareConfigs,
  comparePresets,
  diffAlarms,
  metricsOf,
  withLabels,
  type CompareRow,
  type NamedConfig,
} from '../engine/compare';
import { resolveConfig, type EngineConfig } from '../engine/config';
import type { JudgeCache } from '../engine/judge/request';
import { isLabelled } from '../engine/labelled';
import { ReplaySession } from '../engine/replay-session';
import { sweepSession, type RunSweepPoint } from '../engine/sweep-session';
import { Lru } from '../model/lru';
import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { loadLabels } from '../persistence/labels';
import { storingEnded } from '../persistence/store-lock';
import { loadTranscript } from '../persistence/transcripts';
import { deleteIfStillMarked, INTERRUPTED_IMPORT, interruptedMessage } from '../persistence/staged-import';
import { FINGERPRINT_VERSION } from '../engine/fingerprint';
import { loadFingerprints, saveFingerprints } from '../persistence/fingerprint-cache';
import { encodeEvents, eventTableBuffers } from './event-table';
import type { RunOutcome } from './page-result';
import { toPageResult, transferables } from './to-page-result';

export type { RunOutcome } from './page-result';
import type { DatabaseOption } from './database-option';
import { rowStarts } from './rows';
import { gateOpened, releaseWriteGates, replayAnswered, writeLater } from './write-gates';

/** An open transcript: its replay session and the turn → row map of its table. */
export interface OpenSession {
  /** Over the transcript with the labels it was imported with (every call passes the labels on screen). */
  session: ReplaySession;
  rowStarts: Int32Array<ArrayBuffer>;
  /** The library row's import time when opened: a different one means another transcript. */
  importedAt: number;
  /** The fingerprint version it was opened with. */
  version: number;
}

const KEEP = 3;
/** The sessions opened last (a lookup other than an open leaves the order). */
const sessions = new Lru<number, OpenSession>(KEEP);
/** Transcripts this worker has just imported (import-file.ts), opened without reading them back. */
const imported = new Lru<number, { transcript: Transcript; importedAt: number }>(KEEP);

/** Keeps a just-imported transcript for its first open here (a few, the newest). */
export function holdImported(id: number, transcript: Transcript, importedAt: number): void {
  imported.set(id, { transcript, importedAt });
}

/**
 * The stored transcript `id`, read once its import has written every turn (another worker or tab
 * may still be at it). A row its import left unfinished (the tab was closed) is deleted.
 */
async function readStored(id: number, database: LoopscopeDb): Promise<Transcript | undefined> {
  const row = await database.transcripts.get(id);
  if (row?.storing) {
    // When this worker is the one writing, its writes must not wait for a replay of this.
    releaseWriteGates();
    await storingEnded(row.storing);
    if (await deleteIfStillMarked(id, row.storing, database)) {
      const e = new Error(interruptedMessage(row.fileName, row.title));
      // Comlink keeps the name: the page says why the run is gone rather than only that it is.
      e.name = INTERRUPTED_IMPORT;
      throw e;
    }
  }
  return row && loadTranscript(id, database);
}
/** Endpoint answers of the LLM judge per transcript (llm-judge source openai-compatible), with their revision. */
const judgeAnswers = new Map<number, JudgeAnswers>();

/** What the page keeps of an open transcript: counts and the small turn → row map, never turns. */
export interface SessionInfo {
  turns: number;
  /** Rows of the turn table (one per call, one per turn without calls). */
  rows: number;
  /** rowStarts[i] = the first table row of turn i + 1 (a copy, transferred). */
  rowStarts: Int32Array<ArrayBuffer>;
  /** Recorded judge answers in the file (the check chart explains an empty schedule with it). */
  judgeLines: number;
  /** Whether any turn carries token counts (token metrics are n/a without them). */
  hasTokens: boolean;
  /** The user's labels, or the file's until they edit any. */
  labels: Label[];
}

/**
 * Opens (or re-opens) the stored transcript `id` in a session; its labels are the user's, if
 * edited. Its fingerprints come from the cache when they were stored under `version` (the
 * engine's); otherwise they are computed and stored for the next open, after the answer.
 */
export async function openSession(
  id: number,
  { database = db, version = FINGERPRINT_VERSION }: DatabaseOption & { version?: number } = {},
): Promise<SessionInfo> {
  // The page is opening it: a just-imported transcript's writes now wait for its first replay.
  gateOpened(id);
  return openById(id, database, version);
}

const building = new Map<number, Promise<OpenSession>>();

async function buildSession(
  id: number,
  importedAt: number,
  database: LoopscopeDb,
  version: number,
): Promise<OpenSession> {
  const fresh = imported.peek(id);
  imported.delete(id);
  const [t, stored] =
    fresh?.importedAt === importedAt
      ? [fresh.transcript, undefined]
      : await Promise.all([readStored(id, database), loadFingerprints(id, version, database).catch(() => undefined)]);
  if (!t) throw new Error(`transcript ${id} is not in the library`);
  const session = new ReplaySession(t, { fingerprints: stored, judgeCache: judgeAnswers.get(id)?.cache });
  if (!stored) writeLater(() => saveFingerprints(id, version, session.storedFingerprints(), database));
  return { session, rowStarts: rowStarts(t.turns), importedAt, version };
}

async function openById(id: number, database: LoopscopeDb, version: number): Promise<SessionInfo> {
  const row = await database.transcripts.get(id);
  if (!row) throw new Error(`transcript ${id} is not in the library`);
  // A reopen in the same worker keeps the session: turns never change after an import (the
  // import time tells a re-used id apart), only the labels are read again.
  let open = sessions.peek(id);
  if (!open || open.importedAt !== row.importedAt || open.version !== version) {
    // Two opens at once (the import's warm-up and the page's) build one session.
    let pending = building.get(id);
    if (!pending) {
      pending = buildSession(id, row.importedAt, database, version);
      building.set(id, pending);
      const built = pending;
      void built.catch(() => undefined).finally(() => building.get(id) === built && building.delete(id));
    }
    open = await pending;
  }
  const t = open.session.transcript;
  const labels = await loadLabels(id, t, database);
  sessions.set(id, open);
  const starts = open.rowStarts.slice();
  const info: SessionInfo = {
    turns: t.turns.length,
    rows: starts[starts.length - 1],
    rowStarts: starts,
    judgeLines: t.judge.length,
    hasTokens: t.turns.some((turn) => turn.tokens !== undefined),
    labels,
  };
  return Comlink.transfer(info, [starts.buffer]);
}

/**
 * Opens a just-imported transcript and runs `configs` on it before the page asks (detector runs
 * are cached by their settings), while the page is still rendering: its first runSession then
 * only merges. Called by the import, after it has answered.
 */
export async function warmSession(
  id: number,
  configs: readonly EngineConfig[],
  database: LoopscopeDb = db,
): Promise<void> {
  // The page is about to open it: its writes wait for its first replay, not for a 2 s silence that
  // building a big session here outlasts (they would then slow the page's open and replay).
  gateOpened(id);
  await openById(id, database, FINGERPRINT_VERSION);
  const s = get(id);
  for (const c of configs) s.run(resolveConfig(c));
}

/** The judge's endpoint answers a replay is run with, by the page's revision of them. */
export interface JudgeAnswers {
  rev: number;
  cache: JudgeCache;
}

/**
 * Gives session `id` the judge's endpoint answers unless it has this revision already (a fresh
 * session then: detector runs are cached by their settings, not by the answers they read).
 */
function setJudgeAnswers(id: number, answers: JudgeAnswers | null): void {
  if ((judgeAnswers.get(id)?.rev ?? 0) === (answers?.rev ?? 0)) return;
  if (answers) judgeAnswers.set(id, answers);
  else judgeAnswers.delete(id);
  const open = sessions.peek(id);
  if (open) open.session = new ReplaySession(open.session.transcript, { judgeCache: answers?.cache });
}

/** Drops the open session `key` (what a new worker, after a page load, starts without). */
export function closeSession(key: number): void {
  sessions.delete(key);
}

/** The open transcript `key` (for the page's row and turn windows, src/workers/views.ts). */
export function openedSession(key: number): OpenSession {
  const s = sessions.peek(key);
  if (!s) throw new Error(`transcript ${key} is not open in the worker`);
  return s;
}

function get(key: number): ReplaySession {
  return openedSession(key).session;
}

/**
 * Replays `config` on session `key`. `judge`, when given, is the endpoint answers the page holds
 * for it: sent with each replay, so the answer always reflects them (a separate call could be
 * overtaken by a replay already on its way).
 */
export function runSession(
  key: number,
  config: EngineConfig,
  labels: Label[],
  baseline?: EngineConfig,
  judge?: JudgeAnswers | null,
): RunOutcome {
  const started = performance.now();
  if (judge !== undefined) setJudgeAnswers(key, judge);
  const s = get(key);
  const resolved = resolveConfig(config);
  const t = withLabels(s.transcript, labels);
  const result = s.run(resolved);
  let base: RunOutcome['baseline'] = null;
  if (baseline) {
    const b = resolveConfig(baseline);
    const br = s.run(b);
    const { appeared, vanished } = diffAlarms(br, result, resolved.countAction);
    base = {
      metrics: metricsOf(br, t, b.countAction),
      appeared: encodeEvents(appeared),
      vanished: encodeEvents(vanished),
    };
  }
  const page = toPageResult(result);
  const out: RunOutcome = {
    result: page,
    metrics: metricsOf(result, t, resolved.countAction),
    baseline: base,
    ms: performance.now() - started,
  };
  replayAnswered(key);
  // The series and the event columns are typed arrays: moved to the page, not copied.
  const moved = base ? [...eventTableBuffers(base.appeared), ...eventTableBuffers(base.vanished)] : [];
  return Comlink.transfer(out, [...transferables(page), ...moved]);
}

/** Every preset on the open transcript, then each of `extra` (the draft, saved configs) under its row name. */
export function compareSession(key: number, labels: Label[], extra: readonly NamedConfig[] = []): CompareRow[] {
  return [...comparePresets(get(key), labels), ...compareConfigs(get(key), labels, extra)];
}

export function sweepOpen(
  key: number,
  config: EngineConfig,
  param: string,
  values: unknown[],
  labels: Label[],
): RunSweepPoint[] {
  return sweepSession(get(key), withLabels(get(key).transcript, labels), config, param, values);
}

/** Every preset (then each extra config) on one stored transcript, and its recorded judge answers (Compare warns without them). */
export interface StoredComparison {
  rows: CompareRow[];
  judgeLines: number;
  /** Whether it has labels: without them only its alarms and stops count (no false alarms, no F1). */
  labelled: boolean;
}

const KEEP_PRESET_ROWS = 2000;
/**
 * The presets' rows per stored transcript and labels: the whole-library compare runs again when
 * the draft changes, and then only the draft's rows need a replay. Keyed by the import time, so a
 * re-used id is not mistaken for the old transcript.
 */
const presetRows = new Lru<string, StoredComparison>(KEEP_PRESET_ROWS);

/**
 * Every preset, then each of `extra`, on a stored transcript read here by id (the whole-library
 * compare asks for them one by one): with `labels` when the page has newer ones, else the stored
 * ones. Null when it is gone from the library.
 */
export async function compareStored(
  id: number,
  labels?: Label[],
  extra: readonly NamedConfig[] = [],
  { database = db }: DatabaseOption = {},
): Promise<StoredComparison | null> {
  const row = await database.transcripts.get(id);
  if (!row) return null;
  const stored = labels ? undefined : await database.labels.get(id);
  const key = `${id}|${row.importedAt}|${JSON.stringify(labels ?? stored?.labels ?? null)}`;
  const cached = presetRows.peek(key);
  if (cached && extra.length === 0) return cached;
  const t = await readStored(id, database);
  if (!t) return null;
  const l = labels ?? (await loadLabels(id, t, database));
  const session = new ReplaySession(withLabels(t, l));
  const base = cached ?? { rows: comparePresets(session, l), judgeLines: t.judge.length, labelled: isLabelled(l) };
  if (!cached) {
    presetRows.set(key, base);
  }
  return { ...base, rows: [...base.rows, ...compareConfigs(session, l, extra)] };
}
