import { describe, expect, it, vi } from 'vitest';
import type { SessionFiles } from './session-files';
import { sourceFromText } from './source';
import { importUnit } from './folder-import';
import { planImport } from './folder';
import type { ImportSource } from './types';

// The runner's contract with the folder parser, whatever the parser does with the events: it gets
// the folder's name and its files, and progress counts whole files read, in any order.
const seen: SessionFiles[] = [];
vi.mock('./openhands-events-folder', () => ({
  parseOpenHandsEventFolder: async (session: SessionFiles) => {
    seen.push(session);
    for (const f of [...session.files].reverse()) await f.text();
    return { format: 'openhands', transcripts: [], warnings: [] };
  },
}));

function plan(files: Record<string, string>) {
  const entries = Object.entries(files).map(([path, text]) => ({
    path,
    size: new TextEncoder().encode(text).byteLength,
    file: sourceFromText(path, text) as ImportSource,
  }));
  return planImport(entries);
}

describe('importUnit', () => {
  it('skips a file without a transcript extension that no importer takes, with the reason', async () => {
    const [unit] = plan({ 'runs/notes.txt': 'remember the milk\n' }).units;
    expect(await importUnit(unit)).toEqual({
      status: 'skipped',
      reason:
        'not a transcript format Loopscope reads (the content is text, not JSON, starting "remember the milk"); see docs/formats.md or `loopscope formats`',
    });
  });

  it('names a transcript that fails, and imports a good one', async () => {
    const p = plan({
      'runs/a/broken.traj': '{"trajectory": [',
      'runs/b/ok.loop.jsonl':
        '{"type":"meta","version":1,"title":"ok"}\n{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n',
    });
    const [broken, ok] = await Promise.all(p.units.map((u) => importUnit(u)));
    expect(broken.status === 'failed' && broken.error.message).toBe(
      'runs/a/broken.traj: not valid JSON (Unexpected end of JSON input)',
    );
    expect(ok.status === 'imported' && ok.result.transcripts.map((t) => t.title)).toEqual(['ok']);
  });

  it('hands an events folder to the folder parser; progress is the bytes of whole files read', async () => {
    const p = plan({ 'sessions/x/events/0.json': '{"id":0}', 'sessions/x/events/1.json': '{"id":1,"a":2}' });
    const progress: [number, number][] = [];
    const outcome = await importUnit(p.units[0], { onProgress: (r, t) => progress.push([r, t]) });
    expect(seen.map((s) => [s.name, s.files.map((f) => f.name)])).toEqual([
      ['sessions/x/events', ['sessions/x/events/0.json', 'sessions/x/events/1.json']],
    ]);
    expect(progress).toEqual([
      [14, 22],
      [22, 22],
    ]);
    // A folder parser that finds nothing: named, like an empty file.
    expect(outcome.status === 'failed' && outcome.error.message).toBe(
      'sessions/x/events: no transcript found in this OpenHands events folder',
    );
  });
});
