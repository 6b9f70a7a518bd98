/**
 * Library triage in the worker: each run is read from IndexedDB by id, replayed under the config,
 * and only its digest is kept (src/engine/run-summary.ts); the page gets one small summary per
 * run, never turns. Digests are cached here per (transcript id and import time, config, engine
 * version), so scoring against edited labels, or going back to a config seen before, replays
 * nothing. The cache lives as long as the worker (a reload computes again).
 */
import { resolveConfig, type EngineConfig, type ResolvedConfig } from '../engine/config';
import { FINGERPRINT_VERSION } from '../engine/fingerprint';
import { replay } from '../engine/replay';
import { replayDigest, summarizeRun, type ReplayDigest, type RunSummary } from '../engine/run-summary';
import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { loadTranscript, loadTranscripts } from '../persistence/transcripts';

/** Bumped when detectors change what they report for the same input (with FINGERPRINT_VERSION). */
export const TRIAGE_VERSION = 1;
/** Configs whose digests are kept (most recent first out last). */
const KEEP_CONFIGS = 8;

export interface TriageRow extends RunSummary {
  id: number;
}

export interface TriageAnswer {
  rows: TriageRow[];
  /** Ids asked for that are no longer in the library. */
  missing: number[];
  /** Runs that could not be read or replayed, with the reason (the others are still summarised). */
  failed: { id: number; reason: string }[];
  /** Rows that needed a replay (the others came from the cache). */
  replayed: number;
  /** Time in this call, and the part of it spent reading IndexedDB. */
  ms: number;
  readMs: number;
}

/** config key → (id|importedAt → digest) */
const digests = new Map<string, Map<string, ReplayDigest>>();
/** id|importedAt → the labels the file came with (they never change after an import). */
const fileLabels = new Map<string, Label[]>();

/** The config's identity for the cache: its resolved settings, not its display name. */
export function configKey(resolved: ResolvedConfig): string {
  const { name: _n, basedOn: _b, ...settings } = resolved;
  return `${TRIAGE_VERSION}.${FINGERPRINT_VERSION}|${JSON.stringify(settings)}`;
}

function digestsFor(key: string): Map<string, ReplayDigest> {
  let m = digests.get(key);
  if (m) digests.delete(key);
  else m = new Map();
  digests.set(key, m);
  while (digests.size > KEEP_CONFIGS) digests.delete(digests.keys().next().value!);
  return m;
}

async function labelsOfFile(runKey: string, id: number, database: LoopscopeDb): Promise<Label[]> {
  let l = fileLabels.get(runKey);
  if (!l) {
    l = (await database.bodies.get(id))?.transcript?.labels ?? [];
    fileLabels.set(runKey, l);
  }
  return l;
}

/** Triage figures of the runs `ids` under `config`, in the order asked. */
export async function triageRuns(
  ids: readonly number[],
  config: EngineConfig,
  database: LoopscopeDb = db,
): Promise<TriageAnswer> {
  const started = performance.now();
  let readMs = 0;
  const resolved = resolveConfig(config);
  const cache = digestsFor(configKey(resolved));
  const [metas, userLabels] = await Promise.all([
    database.transcripts.bulkGet([...ids]),
    database.labels.bulkGet([...ids]),
  ]);
  const out: TriageAnswer = { rows: [], missing: [], failed: [], replayed: 0, ms: 0, readMs: 0 };
  const runKeys = ids.map((id, i) => (metas[i] ? `${id}|${metas[i].importedAt}` : ''));
  // The runs not in the cache, read in one transaction.
  const toRead = ids.filter((_id, i) => runKeys[i] !== '' && !cache.has(runKeys[i]));
  const read = new Map<number, Transcript | undefined | Error>();
  if (toRead.length > 0) {
    const r0 = performance.now();
    try {
      const ts = await loadTranscripts(toRead, database);
      toRead.forEach((id, i) => read.set(id, ts[i]));
    } catch {
      // One unreadable record fails the whole read: each run is then read on its own.
      for (const id of toRead) read.set(id, await loadTranscript(id, database).catch((err: unknown) => toError(err)));
    }
    readMs = performance.now() - r0;
  }
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const runKey = runKeys[i];
    if (runKey === '') {
      out.missing.push(id);
      continue;
    }
    let digest = cache.get(runKey);
    if (!digest) {
      const t = read.get(id);
      if (t === undefined) {
        out.missing.push(id);
        continue;
      }
      try {
        if (t instanceof Error) throw t;
        fileLabels.set(runKey, t.labels);
        // The recorded judge answers are in the transcript; endpoint answers are not used here.
        digest = replayDigest(replay(t, resolved), resolved.countAction);
      } catch (e) {
        // One unreadable run must not hide the others' figures.
        out.failed.push({ id, reason: toError(e).message });
        continue;
      }
      read.delete(id); // its turns can go
      cache.set(runKey, digest);
      out.replayed++;
    }
    const labels = userLabels[i]?.labels ?? (await labelsOfFile(runKey, id, database));
    out.rows.push({ id, ...summarizeRun(digest, labels) });
  }
  out.ms = performance.now() - started;
  out.readMs = readMs;
  return out;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** Forgets every cached digest (tests; a worker that is replaced starts empty anyway). */
export function clearTriageCache(): void {
  digests.clear();
  fileLabels.clear();
}
