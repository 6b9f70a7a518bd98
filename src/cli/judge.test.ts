import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, perModel, startJudgeStub, type JudgeStub } from '../../scripts/judge-stub';
import { presetByName } from '../engine/presets/index';
import { replay } from '../engine/replay';
import { runJudge } from '../engine/judge/run';
import { judgeParamsOf } from '../engine/judge/run-config';
import { fileStore } from './judge-cache-file';
import { loadPaths } from './io';
import { cli } from './run-cli.test-util';

const sample = new URL('../samples/judge-recorded.loop.jsonl', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'loopscope-judge-'));
const cache = join(dir, 'cache.json');
let stub: JudgeStub;

beforeAll(async () => {
  stub = await startJudgeStub(
    perModel({ 'small-m': [answer(0.1), answer(0.55), answer(0.92)], 'large-m': [answer(0.96, 'same write again')] }),
  );
});
afterAll(() => stub.close());

const args = () => [
  'judge',
  sample,
  '--base-url',
  stub.baseUrl,
  '--model',
  'small-m',
  '--double-check-model',
  'large-m',
  '--cache',
  cache,
  '--out',
  join(dir, 'out'),
];

describe('loopscope judge', () => {
  it('writes judge lines that detect --preset llm-check replays to the live run’s events; a rerun sends nothing', async () => {
    const r = await cli(...args());
    expect(r.code).toBe(0);
    const out = join(dir, 'out', 'judge-recorded.loop.jsonl');
    expect(r.err).toContain('4 earlier judge lines replaced');
    expect(r.err).toContain('3 checks until the judge stopped the run, 4 requests, 0 answers from the cache');
    const judgeLines = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"judge"'))
      .map((l) => JSON.parse(l));
    expect(judgeLines.map((j) => [j.turn, j.model, j.confidence])).toEqual([
      [30, 'flash', 0.1],
      [33, 'flash', 0.55],
      [42, 'flash', 0.92],
      [42, 'pro', 0.96],
    ]);

    // Offline replay of the written file.
    const d = await cli('detect', out, '--preset', 'llm-check', '--json');
    const rec = JSON.parse(d.out.trim());
    expect(rec.events.map((e: { turn: number; action: string }) => [e.turn, e.action])).toEqual([[42, 'terminate']]);

    // The live run: the endpoint's cached answers through the openai-compatible source.
    const [loaded] = await loadPaths([sample], undefined, { write: () => 0 });
    const t = loaded.result.transcripts[0];
    const preset = presetByName('llm-check')!;
    const live = await runJudge({
      transcript: t,
      params: judgeParamsOf(preset),
      endpoint: { baseUrl: stub.baseUrl },
      models: { flash: 'small-m', pro: 'large-m' },
      deps: null,
      store: await fileStore(cache),
    });
    const liveEvents = replay(
      t,
      { detectors: { 'llm-judge': { ...preset.detectors['llm-judge'], source: 'openai-compatible' } } },
      { judgeCache: live.judgeCache },
    ).events;
    expect(rec.events).toEqual(
      liveEvents.map((e) => ({
        turn: e.turn,
        detector: e.detector,
        action: e.action,
        level: e.level,
        message: e.message,
      })),
    );

    const again = await cli(...args());
    expect(again.code).toBe(0);
    expect(stub.requests).toHaveLength(4);
    expect(again.err).toContain('3 checks until the judge stopped the run, 0 requests, 4 answers from the cache');
  });

  it('bad usage exits 2 with one line', async () => {
    expect((await cli('judge', sample, '--model', 'm')).err).toBe(
      'loopscope: judge needs --base-url URL and --model NAME (try --help)\n',
    );
    expect((await cli('judge', sample, '--base-url', 'ftp://x', '--model', 'm')).err).toBe(
      'loopscope: --base-url must be http or https, got "ftp:"\n',
    );
    expect((await cli('judge', sample, sample, '--base-url', stub.baseUrl, '--model', 'm')).code).toBe(2);
  });
});
