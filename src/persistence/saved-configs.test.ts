import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { LoopscopeDb } from './db';
import { deleteSavedConfig, listSavedConfigs, saveNamedConfig } from './saved-configs';

describe('saved configs', () => {
  it('saves under a trimmed name, replaces the same name, lists by name, drops invalid ones, deletes', async () => {
    const db = new LoopscopeDb('saved-configs-test');
    const chatloop = { ...presetByName('chatloop')!, basedOn: 'chatloop' };
    const strict = structuredClone(chatloop);
    strict.detectors['exact-repeat'] = { ...strict.detectors['exact-repeat'], maxDuplicates: 4 };
    await saveNamedConfig('  strict ', chatloop, db, 1);
    const id = await saveNamedConfig('strict', strict, db, 2);
    await saveNamedConfig('a first', chatloop, db, 3);
    await db.configs.add({ name: 'broken', config: { detectors: { nope: {} } }, savedAt: 4 });
    const all = await listSavedConfigs(db);
    expect(all.map((c) => [c.name, c.savedAt, c.config.name, c.config.basedOn])).toEqual([
      ['a first', 3, 'a first', 'chatloop'],
      ['strict', 2, 'strict', 'chatloop'],
    ]);
    expect(all[1].config.detectors['exact-repeat']?.maxDuplicates).toBe(4);
    await expect(saveNamedConfig('   ', chatloop, db)).rejects.toThrow('A saved config needs a name.');
    await deleteSavedConfig(id, db);
    expect((await listSavedConfigs(db)).map((c) => c.name)).toEqual(['a first']);
    db.close();
  });
});
