/**
 * The worker's replay sessions, one per open transcript (a few kept), so a threshold change does
 * not ship the transcript again nor rebuild its fingerprints. A session opens by id: the worker
 * reads the transcript and its labels from IndexedDB itself, so the page never sends turns here.
 * One OpenSessions per worker (engine-api.ts): it tells the worker's ImportWaits when the page
 * opens and replays a just-imported run, whose turn writes wait for that.
 */
import * as Comlink from 'comlink';
import { alarmCounts, alarmTurns } from '../engine/alarm-episodes';
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
import { ReplaySession } from '../engine/replay-session';
import { sweepSession, type RunSweepPoint } from '../engine/sweep-session';
import { Lru } from '../model/lru';
import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb, type TranscriptMeta } from '../persistence/db';
import { loadLabels } from '../persistence/labels';
import { FINGERPRINT_VERSION } from '../engine/fingerprint';
import { loadFingerprints, saveFingerprints } from '../persistence/fingerprint-cache';
import { encodeEvents, eventTableBuffers } from './event-table';
import type { RunOutcome } from './page-result';
import { toPageResult, transferables } from './to-page-result';

export type { RunOutcome } from './page-result';
import type { DatabaseOption } from './database-option';
import { rowStarts } from './rows';
import type { ImportWaits } from './import-waits';
import { readStored } from './read-stored';

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

/** The judge's endpoint answers a replay is run with, by the page's revision of them. */
export interface JudgeAnswers {
  rev: number;
  cache: JudgeCache;
}

const KEEP = 3;

/** One worker's open sessions, the transcripts it just imported, and the judge answers per run. */
export class OpenSessions {
  /** The sessions opened last (a lookup other than an open leaves the order). */
  private readonly sessions = new Lru<number, OpenSession>(KEEP);
  /** Transcripts this worker has just imported (import-file.ts), opened without reading them back. */
  private readonly imported = new Lru<number, { transcript: Transcript; importedAt: number }>(KEEP);
  /** Endpoint answers of the LLM judge per transcript (llm-judge source openai-compatible), with their revision. */
  private readonly judgeAnswers = new Map<number, JudgeAnswers>();
  /** Sessions being built: two opens at once (the import's warm-up and the page's) build one. */
  private readonly building = new Map<number, Promise<OpenSession>>();

  constructor(private readonly waits: ImportWaits) {}

  /** Keeps a just-imported transcript for its first open here (a few, the newest). */
  holdImported(id: number, transcript: Transcript, importedAt: number): void {
    this.imported.set(id, { transcript, importedAt });
  }

  /**
   * Opens (or re-opens) the stored transcript `id` in a session; its labels are the user's, if
   * edited. Its fingerprints come from the cache when they were stored under `version` (the
   * engine's); otherwise they are computed and stored for the next open, after the answer.
   */
  async openSession(
    id: number,
    { database = db, version = FINGERPRINT_VERSION }: DatabaseOption & { version?: number } = {},
  ): Promise<SessionInfo> {
    // The page is opening it: a just-imported transcript's writes now wait for its first replay.
    this.waits.pageOpened(id);
    return this.openById(id, database, version);
  }

  /** `row` is the transcript's library row, as openById has just read it. */
  private async buildSession(row: TranscriptMeta, database: LoopscopeDb, version: number): Promise<OpenSession> {
    const { id, importedAt } = row;
    const fresh = this.imported.peek(id);
    this.imported.delete(id);
    const [t, stored] =
      fresh?.importedAt === importedAt
        ? [fresh.transcript, undefined]
        : await Promise.all([
            readStored(id, row, database, this.waits),
            loadFingerprints(id, version, database).catch(() => undefined),
          ]);
    if (!t) throw new Error(`transcript ${id} is not in the library`);
    const session = new ReplaySession(t, { fingerprints: stored, judgeCache: this.judgeAnswers.get(id)?.cache });
    if (!stored)
      this.waits.cacheWriteAfterFirstMetrics(() =>
        saveFingerprints(id, version, session.storedFingerprints(), database),
      );
    return { session, rowStarts: rowStarts(t.turns), importedAt, version };
  }

  private async openById(id: number, database: LoopscopeDb, version: number): Promise<SessionInfo> {
    const row = await database.transcripts.get(id);
    if (!row) throw new Error(`transcript ${id} is not in the library`);
    // A reopen in the same worker keeps the session: turns never change after an import (the
    // import time tells a re-used id apart), only the labels are read again.
    let open = this.sessions.peek(id);
    if (!open || open.importedAt !== row.importedAt || open.version !== version) {
      let pending = this.building.get(id);
      if (!pending) {
        pending = this.buildSession(row, database, version);
        this.building.set(id, pending);
        const built = pending;
        void built.catch(() => undefined).finally(() => this.building.get(id) === built && this.building.delete(id));
      }
      open = await pending;
    }
    const t = open.session.transcript;
    const labels = await loadLabels(id, t, database);
    this.sessions.set(id, open);
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
  async warmSession(id: number, configs: readonly EngineConfig[], database: LoopscopeDb = db): Promise<void> {
    // The page is about to open it: its writes wait for its first replay, not for an idle limit
    // that building a big session here outlasts (they would then slow the page's open and replay).
    this.waits.pageOpened(id);
    await this.openById(id, database, FINGERPRINT_VERSION);
    const s = this.get(id);
    for (const c of configs) s.run(resolveConfig(c));
  }

  /**
   * Gives session `id` the judge's endpoint answers unless it has this revision already (a fresh
   * session then: detector runs are cached by their settings, not by the answers they read).
   */
  private setJudgeAnswers(id: number, answers: JudgeAnswers | null): void {
    if ((this.judgeAnswers.get(id)?.rev ?? 0) === (answers?.rev ?? 0)) return;
    if (answers) this.judgeAnswers.set(id, answers);
    else this.judgeAnswers.delete(id);
    const open = this.sessions.peek(id);
    if (open) open.session = new ReplaySession(open.session.transcript, { judgeCache: answers?.cache });
  }

  /** Drops the open session `key` (what a new worker, after a page load, starts without). */
  closeSession(key: number): void {
    this.sessions.delete(key);
  }

  /** The open transcript `key` (for the page's row and turn windows, src/workers/views.ts). */
  opened(key: number): OpenSession {
    const s = this.sessions.peek(key);
    if (!s) throw new Error(`transcript ${key} is not open in the worker`);
    return s;
  }

  private get(key: number): ReplaySession {
    return this.opened(key).session;
  }

  /**
   * Replays `config` on session `key`. `judge`, when given, is the endpoint answers the page holds
   * for it: sent with each replay, so the answer always reflects them (a separate call could be
   * overtaken by a replay already on its way).
   */
  runSession(
    key: number,
    config: EngineConfig,
    labels: Label[],
    baseline?: EngineConfig,
    judge?: JudgeAnswers | null,
  ): RunOutcome {
    const started = performance.now();
    if (judge !== undefined) this.setJudgeAnswers(key, judge);
    const s = this.get(key);
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
      counts: alarmCounts(result.events, resolved.countAction),
      alarmTurns: alarmTurns(result.events, resolved.countAction),
      baseline: base,
      ms: performance.now() - started,
    };
    this.waits.replayAnswered(key);
    // The series and the event columns are typed arrays: moved to the page, not copied.
    const moved = base ? [...eventTableBuffers(base.appeared), ...eventTableBuffers(base.vanished)] : [];
    return Comlink.transfer(out, [...transferables(page), ...moved]);
  }

  /** Every preset on the open transcript, then each of `extra` (the draft, saved configs) under its row name. */
  compareSession(key: number, labels: Label[], extra: readonly NamedConfig[] = []): CompareRow[] {
    return [...comparePresets(this.get(key), labels), ...compareConfigs(this.get(key), labels, extra)];
  }

  sweepOpen(key: number, config: EngineConfig, param: string, values: unknown[], labels: Label[]): RunSweepPoint[] {
    return sweepSession(this.get(key), withLabels(this.get(key).transcript, labels), config, param, values);
  }
}
