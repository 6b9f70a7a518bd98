/**
 * The whole-library compare in the worker: every preset (then each extra config) on a stored
 * transcript read here by id, one run per call. One StoredComparisons per worker keeps the
 * presets' rows, so a draft change replays only the draft.
 */
import { compareConfigs, comparePresets, withLabels, type CompareRow, type NamedConfig } from '../engine/compare';
import { isLabelled } from '../engine/labelled';
import { ReplaySession } from '../engine/replay-session';
import { Lru } from '../model/lru';
import type { Label } from '../model/transcript';
import { db } from '../persistence/db';
import { loadLabels } from '../persistence/labels';
import type { DatabaseOption } from './database-option';
import type { ImportWaits } from './import-waits';
import { readStored } from './read-stored';

/** Every preset (then each extra config) on one stored transcript, and its recorded judge answers (Compare warns without them). */
export interface StoredComparison {
  rows: CompareRow[];
  judgeLines: number;
  /** Whether it has labels: without them only its alarms and stops count (no false alarms, no F1). */
  labelled: boolean;
}

const KEEP_PRESET_ROWS = 2000;

export class StoredComparisons {
  /**
   * The presets' rows per stored transcript and labels: the whole-library compare runs again when
   * the draft changes, and then only the draft's rows need a replay. Keyed by the import time, so
   * a re-used id is not mistaken for the old transcript.
   */
  private readonly presetRows = new Lru<string, StoredComparison>(KEEP_PRESET_ROWS);

  constructor(private readonly waits: ImportWaits) {}

  /**
   * Every preset, then each of `extra`, on a stored transcript read here by id: with `labels`
   * when the page has newer ones, else the stored ones. Null when it is gone from the library.
   */
  async compareStored(
    id: number,
    labels?: Label[],
    extra: readonly NamedConfig[] = [],
    { database = db }: DatabaseOption = {},
  ): Promise<StoredComparison | null> {
    const row = await database.transcripts.get(id);
    if (!row) return null;
    const stored = labels ? undefined : await database.labels.get(id);
    const key = `${id}|${row.importedAt}|${JSON.stringify(labels ?? stored?.labels ?? null)}`;
    const cached = this.presetRows.peek(key);
    if (cached && extra.length === 0) return cached;
    const t = await readStored(id, row, database, this.waits);
    if (!t) return null;
    const l = labels ?? (await loadLabels(id, t, database));
    const session = new ReplaySession(withLabels(t, l));
    const base = cached ?? { rows: comparePresets(session, l), judgeLines: t.judge.length, labelled: isLabelled(l) };
    if (!cached) this.presetRows.set(key, base);
    return { ...base, rows: [...base.rows, ...compareConfigs(session, l, extra)] };
  }
}
