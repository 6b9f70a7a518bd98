/** The config being tuned survives a reload: it is kept in IndexedDB, validated when read back. */
import { validateConfig, type EngineConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';
import { db } from './db';

export interface StoredDraft {
  presetName: string;
  draft: EngineConfig;
}

export async function loadDraft(): Promise<StoredDraft | null> {
  const v = (await db.meta.get('draft'))?.value as StoredDraft | undefined;
  if (!v || !presetByName(v.presetName)) return null;
  try {
    return { presetName: v.presetName, draft: validateConfig(v.draft) };
  } catch {
    // A draft from an older version that no longer validates falls back to its preset.
    return null;
  }
}

export async function saveDraft(d: StoredDraft): Promise<void> {
  await db.meta.put({ key: 'draft', value: d });
}
