/**
 * Library triage in the worker: each run is read from IndexedDB by id, replayed under the config,
 * and only its digest is kept (src/engine/run-summary.ts); the page gets one small summary per
 * run, never turns. Digests are cached per (transcript id and import time, config, engine
 * version) twice: in this worker's memory, and in IndexedDB (persistence/triage-cache.ts), so
 * scoring against edited labels, going back to a config seen before, or opening the library again
 * after a reload reads one small record per run and replays nothing. Reading the turns is most of
 * a first pass, so a run imported while the library is triaged gets its digest under the last
 * configs triaged from the turns the import has in hand (noteImported).
 */
import { resolveConfig, settingsKey, type EngineConfig, type ResolvedConfig } from '../engine/config';
import { FINGERPRINT_VERSION } from '../engine/fingerprint';
import { replay } from '../engine/replay';
import { replayDigest, summarizeRun, type ReplayDigest, type RunSummary } from '../engine/run-summary';
import { Lru } from '../model/lru';
import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { loadTranscript, loadTranscripts } from '../persistence/transcripts';
// Memory keeps the digests of as many configs as the store does (the ones used last).
import { hashConfigKey, KEEP_CONFIGS, loadDigests, saveDigests } from '../persistence/triage-cache';
import type { DatabaseOption } from './database-option';
import { TranscriptMemory, transcriptChars } from './transcript-memory';

/** Bumped when detectors change what they report for the same input (with FINGERPRINT_VERSION). */
export const TRIAGE_VERSION = 2;
/** Configs an import computes digests under: the ones triaged last. */
const IMPORT_CONFIGS = 2;

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
  /** Rows whose digest came from IndexedDB's triage cache. */
  stored: number;
  /** Rows replayed from transcripts in this worker's memory (no IndexedDB read of their turns). */
  fromMemory: number;
  /**
   * With `cachedOnly`: the runs left out, to be replayed; those whose transcripts are in this
   * worker's memory first (asked first, they are replayed before the reads evict them).
   */
  uncached: number[];
  /** Time in this call, and the part of it spent reading IndexedDB. */
  ms: number;
  readMs: number;
}

/**
 * The config's identity for the cache: its settings key (as the page compares configs), and the
 * engine's versions (a digest of an older engine is never used).
 */
export function configKey(
  resolved: ResolvedConfig,
  engineVersion = `${TRIAGE_VERSION}.${FINGERPRINT_VERSION}`,
): string {
  return `${engineVersion}|${settingsKey(resolved)}`;
}

/** A run's key in the digest and file-label maps: its id and import time (a re-used id is another run). */
const runKeyOf = (id: number, importedAt: number) => `${id}|${importedAt}`;

/** A run's digest under `resolved` (the recorded judge answers are in the transcript; endpoint answers are not used here). */
const digestOf = (t: Transcript, resolved: ResolvedConfig): ReplayDigest =>
  replayDigest(replay(t, resolved), resolved.countAction);

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** One worker's triage: the digests it computed, the configs triaged last, file labels and transcripts in memory. */
export class LibraryTriage {
  /** config key → (id|importedAt → digest) */
  private readonly digests = new Lru<string, Map<string, ReplayDigest>>(KEEP_CONFIGS);
  /** The configs triaged last, newest first (what an import computes digests under). */
  private triaged: readonly { key: string; resolved: ResolvedConfig }[] = [];
  /** id|importedAt → the labels the file came with (they never change after an import). */
  private readonly fileLabels = new Map<string, Label[]>();
  /** The transcripts read last, for the next config's replays (transcript-memory.ts). */
  private readonly transcripts = new TranscriptMemory();

  private noteConfig(key: string, resolved: ResolvedConfig): void {
    if (this.triaged[0]?.key === key) return;
    // A new list, not the old one changed: an import computing digests goes on with the list it began with.
    this.triaged = [{ key, resolved }, ...this.triaged.filter((c) => c.key !== key)].slice(0, IMPORT_CONFIGS);
  }

  private digestsFor(key: string): Map<string, ReplayDigest> {
    let m = this.digests.get(key);
    if (!m) {
      m = new Map();
      this.digests.set(key, m);
    }
    return m;
  }

  /** The file labels of runs not read, in one read (a run from the cache has its turns unread). */
  private async loadFileLabels(ids: number[], database: LoopscopeDb): Promise<void> {
    if (ids.length === 0) return;
    const [bodies, metas] = await Promise.all([database.bodies.bulkGet(ids), database.transcripts.bulkGet(ids)]);
    ids.forEach((id, i) => {
      const meta = metas[i];
      if (meta) this.fileLabels.set(runKeyOf(id, meta.importedAt), bodies[i]?.transcript?.labels ?? []);
    });
  }

  private async labelsOfFile(runKey: string, id: number, database: LoopscopeDb): Promise<Label[]> {
    let l = this.fileLabels.get(runKey);
    if (!l) {
      l = (await database.bodies.get(id))?.transcript?.labels ?? [];
      this.fileLabels.set(runKey, l);
    }
    return l;
  }

  /**
   * Triage figures of the runs `ids` under `config`, in the order asked. With `cachedOnly`, `ids`
   * is the whole library: the transcripts in memory of runs not among them (deleted) are dropped.
   */
  async triageRuns(
    ids: readonly number[],
    config: EngineConfig,
    { database = db, ...opts }: { cachedOnly?: boolean } & DatabaseOption = {},
  ): Promise<TriageAnswer> {
    const started = performance.now();
    let readMs = 0;
    const resolved = resolveConfig(config);
    const key = configKey(resolved);
    this.noteConfig(key, resolved);
    const cache = this.digestsFor(key);
    const [metas, userLabels] = await Promise.all([
      database.transcripts.bulkGet([...ids]),
      database.labels.bulkGet([...ids]),
    ]);
    const out: TriageAnswer = {
      rows: [],
      missing: [],
      failed: [],
      replayed: 0,
      stored: 0,
      fromMemory: 0,
      uncached: [],
      ms: 0,
      readMs: 0,
    };
    const runKeys = ids.map((id, i) => (metas[i] ? runKeyOf(id, metas[i].importedAt) : ''));
    if (opts.cachedOnly) this.transcripts.keepOnly(new Set(ids.filter((_id, i) => metas[i])));
    else ids.forEach((id, i) => metas[i] || this.transcripts.delete(id));
    // The runs not in memory: from the stored digests, else their turns, read in one transaction.
    const notInMemory = ids.flatMap((id, i) =>
      runKeys[i] !== '' && !cache.has(runKeys[i]) ? [{ id, importedAt: metas[i]!.importedAt }] : [],
    );
    const hashed = hashConfigKey(key);
    const stored = await loadDigests(hashed, notInMemory, database).catch(() => new Map<number, ReplayDigest>());
    for (const r of notInMemory) {
      const d = stored.get(r.id);
      if (d) cache.set(runKeyOf(r.id, r.importedAt), d);
    }
    out.stored = stored.size;
    const toReplay = notInMemory.filter((r) => !stored.has(r.id));
    if (opts.cachedOnly) {
      const held = toReplay.filter((r) => this.transcripts.has(r.id, r.importedAt)).map((r) => r.id);
      const heldSet = new Set(held);
      out.uncached = [...held, ...toReplay.filter((r) => !heldSet.has(r.id)).map((r) => r.id)];
      toReplay.length = 0;
    }
    const computed: { id: number; importedAt: number; digest: ReplayDigest }[] = [];
    const read = new Map<number, Transcript | undefined | Error>();
    // A re-imported run has another import time: its old transcript is not used (and is dropped).
    for (const r of toReplay) {
      const t = this.transcripts.get(r.id, r.importedAt);
      if (t) read.set(r.id, t);
    }
    out.fromMemory = read.size;
    const toRead = toReplay.filter((r) => !read.has(r.id)).map((r) => r.id);
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
    // Only for the rows answered from a cache: a run read has its labels in hand.
    await this.loadFileLabels(
      ids.filter((_id, i) => cache.has(runKeys[i]) && !userLabels[i] && !this.fileLabels.has(runKeys[i])),
      database,
    );
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const runKey = runKeys[i];
      if (runKey === '') {
        out.missing.push(id);
        continue;
      }
      let digest = cache.get(runKey);
      if (!digest && opts.cachedOnly) continue;
      if (!digest) {
        const t = read.get(id);
        if (t === undefined) {
          out.missing.push(id);
          continue;
        }
        try {
          if (t instanceof Error) throw t;
          this.fileLabels.set(runKey, t.labels);
          digest = digestOf(t, resolved);
        } catch (e) {
          // One unreadable run must not hide the others' figures.
          out.failed.push({ id, reason: toError(e).message });
          continue;
        }
        read.delete(id);
        // A run whose turns are still being written is triaged again once they are.
        if (!metas[i]!.storing) {
          cache.set(runKey, digest);
          computed.push({ id, importedAt: metas[i]!.importedAt, digest });
          if (!this.transcripts.has(id, metas[i]!.importedAt)) this.transcripts.set(id, metas[i]!.importedAt, t);
        }
        out.replayed++;
      }
      const labels =
        userLabels[i]?.labels ?? this.fileLabels.get(runKey) ?? (await this.labelsOfFile(runKey, id, database));
      out.rows.push({ id, ...summarizeRun(digest, labels) });
    }
    // A failed write only costs the next session a replay.
    await saveDigests(hashed, computed, database).catch(() => undefined);
    out.ms = performance.now() - started;
    out.readMs = readMs;
    return out;
  }

  /**
   * Reads the runs' transcripts into memory while there is room, evicting nothing, so that the
   * first threshold change after a library answered from stored digests replays them without
   * reading (the page calls it when idle, a batch at a time). False once the memory is full.
   */
  async warmTriageMemory(ids: readonly number[], { database = db }: DatabaseOption = {}): Promise<boolean> {
    const metas = await database.transcripts.bulkGet([...ids]);
    const want = ids.flatMap((id, i) => {
      const m = metas[i];
      return m && !m.storing && !this.transcripts.has(id, m.importedAt) ? [{ id, importedAt: m.importedAt }] : [];
    });
    if (want.length === 0) return this.transcripts.room > 0;
    const ts = await loadTranscripts(
      want.map((r) => r.id),
      database,
    ).catch(() => []);
    for (let i = 0; i < want.length; i++) {
      const t = ts[i];
      if (!t) continue;
      const chars = transcriptChars(t);
      if (chars > this.transcripts.room) return false;
      this.transcripts.set(want[i].id, want[i].importedAt, t, chars);
    }
    return true;
  }

  /**
   * The configs an import in this worker computes digests under, most wanted first (a folder
   * import runs in a worker of its own, which has triaged nothing: the page says what the library
   * shows).
   */
  noteTriageConfigs(configs: readonly EngineConfig[]): void {
    for (const c of [...configs].reverse()) {
      const resolved = resolveConfig(c);
      this.noteConfig(configKey(resolved), resolved);
    }
  }

  /**
   * Digests of runs just imported, under the configs triaged last, from the transcripts the import
   * has in hand: the library then shows their figures without reading their turns back.
   */
  async noteImported(
    runs: readonly { id: number; importedAt: number; transcript: Transcript }[],
    database: LoopscopeDb = db,
  ): Promise<void> {
    for (const { key, resolved } of this.triaged) {
      const cache = this.digestsFor(key);
      const computed: { id: number; importedAt: number; digest: ReplayDigest }[] = [];
      for (const r of runs) {
        const runKey = runKeyOf(r.id, r.importedAt);
        if (cache.has(runKey)) continue;
        let digest: ReplayDigest;
        try {
          digest = digestOf(r.transcript, resolved);
        } catch {
          continue; // triage names the failure when it reads the run itself
        }
        cache.set(runKey, digest);
        this.fileLabels.set(runKey, r.transcript.labels);
        computed.push({ id: r.id, importedAt: r.importedAt, digest });
      }
      await saveDigests(hashConfigKey(key), computed, database).catch(() => undefined);
    }
  }

  /** Forgets every cached digest (tests; a worker that is replaced starts empty anyway). */
  clear(): void {
    this.digests.clear();
    this.fileLabels.clear();
    this.transcripts.clear();
    this.triaged = [];
  }

  /** The runs whose transcripts this worker holds for triage, least recently used first (tests). */
  memoryIds(): number[] {
    return this.transcripts.ids();
  }
}
