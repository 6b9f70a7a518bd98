/**
 * The start-up sweep decides through the import lifecycle: a row marked by an import no one is
 * writing is sent `writerGone` and deleted as `interrupted`; a row whose writer is alive is not.
 */
import { describe, expect, it } from 'vitest';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { LoopscopeDb } from '../persistence/db';
import { beginImport } from '../persistence/staged-import';
import { holdWhileStoring } from '../persistence/store-lock';
import { bigRun } from './big-run.test-util';
import { deleteInterruptedImports, sweptState } from './interrupted-imports';

describe('sweptState', () => {
  const row = { id: 7, fileName: 'left.loop.jsonl', storing: 'token-of-a-closed-tab' };

  it('a row whose writer is gone is sent writerGone: interrupted, naming its file and run', () => {
    expect(sweptState(row, new Set(['another-token']))).toEqual({
      kind: 'interrupted',
      file: 'left.loop.jsonl',
      ids: [7],
    });
  });

  it('a row whose writer still holds its token, or a row not marked, is left as it is', () => {
    expect(sweptState(row, new Set(['token-of-a-closed-tab']))).toBeUndefined();
    expect(sweptState({ ...row, storing: undefined }, new Set())).toBeUndefined();
  });
});

describe('deleteInterruptedImports', () => {
  it('deletes the interrupted row with its turns and keeps the one still being written', async () => {
    const db = new LoopscopeDb('interrupted-imports-test');
    const name = 'left.loop.jsonl';
    const parsed = await importSource(sourceFromText(name, bigRun(2)));
    const [left] = await beginImport(name, parsed, 'closed-tab', {}, db);
    const gone = await holdWhileStoring('live-tab', async () => {
      const [writing] = await beginImport('writing.loop.jsonl', parsed, 'live-tab', {}, db);
      const gone = await deleteInterruptedImports(db);
      expect((await db.transcripts.toArray()).map((m) => m.id)).toEqual([writing.id]);
      return gone;
    });
    expect(gone).toEqual([{ id: left.id, fileName: name, title: 'Untitled transcript' }]);
    expect(await db.bodies.get(left.id)).toBeUndefined();
  });
});
