/**
 * docs/contributing.md's "Add a detector" recipe, followed once with a toy detector
 * (fixtures/toy-streak.ts) as far as it goes without touching the registry: its parameter specs
 * hold its defaults, the engine's replay loop runs it, and the standalone module's pieces, bundled
 * from its file by the same code as the app's build, give the same events with messages.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleCorePiece, bundleDetectorPiece } from '../../scripts/standalone-pieces';
import { apiTail } from '../export/standalone-api';
import { loadTsModule } from '../export/load-ts-module.test-util';
import { pieceVar } from '../export/standalone-module';
import { publicEvent } from './event';
import { toyStreak } from './fixtures/toy-streak';
import { checkParam, type Params } from './params';
import { replayDetectors } from './replay-core';
import { call, transcriptOf } from './test-util';

const ROOT = resolve(__dirname, '../..');

// read, read, read (3 in a row: warn), read (4: terminate), edit, read.
const CALLS = [
  call('read', { path: 'a.py' }, 'x = 1'),
  call('read', { path: 'b.py' }, 'y = 2'),
  call('read', { path: 'a.py' }, 'x = 1'),
  call('read', { path: 'c.py' }, 'z = 3'),
  call('edit', { path: 'a.py' }, 'ok'),
  call('read', { path: 'a.py' }, 'x = 2'),
];
const SETTINGS: Params = { enabled: true, ...toyStreak.defaults };

const EXPECTED = [
  { turn: 3, call: 3, detector: 'toy-streak', action: 'warn', level: 1, message: 'read called 3 times in a row' },
  { turn: 4, call: 4, detector: 'toy-streak', action: 'terminate', level: 2, message: 'read called 4 times in a row' },
];

describe('the add-a-detector recipe, on a toy detector', () => {
  it('step 1: every default fits its parameter spec, as config validation will require', () => {
    expect(toyStreak.params.map((s) => [s.key, checkParam(s, toyStreak.defaults[s.key])])).toEqual([
      ['n', null],
      ['actions', null],
    ]);
    expect(checkParam(toyStreak.params[0], 1)).toBe('must be between 2 and 100, got 1');
  });

  it("step 1: the engine's replay loop runs it and stops the run at its first terminate", () => {
    const r = replayDetectors(transcriptOf(CALLS), [{ def: toyStreak, settings: SETTINGS }], false);
    expect(r.events.map(publicEvent)).toEqual(EXPECTED);
    expect(r.events.map((e) => e.pattern)).toEqual([['read'], ['read']]);
    expect(r.stoppedAt).toEqual({ turn: 4, call: 4 });
  });

  it('step 1: a fresh replay starts from fresh state (no state survives between runs)', () => {
    const runs = [{ def: toyStreak, settings: { ...SETTINGS, n: 2, actions: ['warn'] } }];
    const first = replayDetectors(transcriptOf(CALLS), runs, false).events.map((e) => [e.call, e.level]);
    const second = replayDetectors(transcriptOf(CALLS), runs, false).events.map((e) => [e.call, e.level]);
    expect(first).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    expect(second).toEqual(first);
  });

  it('step 2: its file, named by its id, bundles into a standalone piece that gives the same events', async () => {
    const piece = await bundleDetectorPiece(resolve(__dirname, 'fixtures'), 'toy-streak');
    expect(piece).toBeDefined();
    expect(piece!.text).not.toMatch(/\bimport\b|\brequire\(/);
    // A helper file (no detector with its file's name) gives none: the file name is the id.
    expect(await bundleDetectorPiece(resolve(__dirname, 'detectors'), 'raw-text')).toBeUndefined();
    const core = await bundleCorePiece(ROOT);
    // Assembled as src/export/standalone-module.ts does for the registry's enabled detectors.
    const text = [
      'export const config = { ignoreTextualCalls: false };',
      core.text,
      piece!.text,
      `const DETECTORS = [{ def: ${pieceVar('toy-streak')}.def, settings: ${JSON.stringify(SETTINGS)} }];`,
      apiTail(true),
    ].join('\n');
    const mod = await loadTsModule(text);
    const lines = CALLS.map((c) => ({
      type: 'assistant',
      text: '',
      calls: [{ name: c.name, args: c.args, result: { content: c.result, isError: false } }],
    }));
    expect(mod.replay(lines)).toEqual(EXPECTED);
    expect(mod.replayDetails(lines)).toEqual({ stoppedAt: { turn: 4, call: 4 }, skipped: [] });
  });
});
