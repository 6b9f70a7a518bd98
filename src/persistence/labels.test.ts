import { describe, expect, it } from 'vitest';
import { applyLabel, loadLabels, saveLabels } from './labels';
import { LoopscopeDb } from './db';
import { normalizeTranscript } from '../model/normalize';

describe('labels', () => {
  it('a new range replaces the overlapped parts of older labels', () => {
    const start = [{ startTurn: 1, endTurn: 10, kind: 'progress' as const }];
    expect(applyLabel(start, 6, 4, 'loop')).toEqual([
      { startTurn: 1, endTurn: 3, kind: 'progress' },
      { startTurn: 4, endTurn: 6, kind: 'loop' },
      { startTurn: 7, endTurn: 10, kind: 'progress' },
    ]);
    expect(applyLabel(start, 1, 10, null)).toEqual([]);
  });

  it('stored labels win over the file’s own, and survive a new connection', async () => {
    const t = normalizeTranscript({
      format: 'x',
      turns: [{ text: 'a' }],
      labels: [{ startTurn: 1, endTurn: 1, kind: 'loop' }],
    });
    const dbName = 'labels-test';
    const a = new LoopscopeDb(dbName);
    expect(await loadLabels(1, t, a)).toEqual(t.labels);
    await saveLabels(1, [{ startTurn: 1, endTurn: 1, kind: 'progress' }], a);
    a.close();
    const b = new LoopscopeDb(dbName);
    expect(await loadLabels(1, t, b)).toEqual([{ startTurn: 1, endTurn: 1, kind: 'progress' }]);
  });
});
