/**
 * Configs the user saved under a name, compared beside the presets. Kept in the `configs` table
 * (durable data), validated when read back: one that no longer validates is left out, not fatal.
 */
import { validateConfig, type EngineConfig } from '../engine/config';
import { CONFIG_LIMITS } from '../model/limits';
import { db, type LoopscopeDb } from './db';

export interface SavedConfig {
  id: number;
  name: string;
  config: EngineConfig;
  savedAt: number;
}

/** The saved name, trimmed; an empty or over-long one is refused with the reason. */
export function savedConfigName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new Error('A saved config needs a name.');
  if (name.length > CONFIG_LIMITS.nameChars)
    throw new Error(`A config name has at most ${CONFIG_LIMITS.nameChars} characters.`);
  return name;
}

/** Every saved config that still validates, by name. */
export async function listSavedConfigs(database: LoopscopeDb = db): Promise<SavedConfig[]> {
  const out: SavedConfig[] = [];
  for (const r of await database.configs.toArray()) {
    try {
      out.push({ id: r.id!, name: r.name, config: validateConfig(r.config), savedAt: r.savedAt });
    } catch {
      // Saved by an older version and no longer valid: not offered.
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves `config` as `name`, replacing a config saved under the same name. Returns its id. */
export async function saveNamedConfig(
  rawName: string,
  config: EngineConfig,
  database: LoopscopeDb = db,
  now: number = Date.now(),
): Promise<number> {
  const name = savedConfigName(rawName);
  const valid = validateConfig({ ...config, name });
  return database.transaction('rw', database.configs, async () => {
    const same = await database.configs.where('name').equals(name).primaryKeys();
    await database.configs.bulkDelete(same);
    return (await database.configs.add({ name, config: valid, savedAt: now }))!;
  });
}

export async function deleteSavedConfig(id: number, database: LoopscopeDb = db): Promise<void> {
  await database.configs.delete(id);
}
