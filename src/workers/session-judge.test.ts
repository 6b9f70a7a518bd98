/**
 * The judge endpoint's answers travel with each replay (useWorkbenchData sends the page's latest):
 * a replay with them reads them, the same revision again keeps the session and its cached runs,
 * and a replay without them is back to "not asked yet".
 */
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { answer, perModel, startJudgeStub, type JudgeStub } from '../../scripts/judge-stub';
import type { EngineConfig } from '../engine/config';
import { memoryStore } from '../engine/judge/cache-key';
import type { FetchLike } from '../engine/judge/client';
import { runJudge } from '../engine/judge/run';
import { judgeParamsOf } from '../engine/judge/run-config';
import { presetByName } from '../engine/presets/index';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { db } from '../persistence/db';
import { loadTranscript, saveImport } from '../persistence/transcripts';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const parts = engineParts();
const { openSession, runSession } = createEngineWorker({ parts });

let stub: JudgeStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const name = 'judge-recorded.loop.jsonl';
const llmCheck = presetByName('llm-check')!;
const live: EngineConfig = {
  ...llmCheck,
  detectors: {
    ...llmCheck.detectors,
    'llm-judge': { ...llmCheck.detectors['llm-judge'], source: 'openai-compatible' },
  },
};

it('a replay reads the endpoint answers sent with it; the same revision keeps the session; none: not asked', async () => {
  const text = readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');
  const [id] = await saveImport(name, await importSource(sourceFromText(name, text)), {}, db);
  const t = (await loadTranscript(id, db))!;
  stub = await startJudgeStub(
    perModel({ 'small-m': [answer(0.1), answer(0.55), answer(0.92)], 'large-m': [answer(0.96)] }),
  );
  const { judgeCache: cache } = await runJudge({
    transcript: t,
    params: judgeParamsOf(live),
    endpoint: { baseUrl: stub.baseUrl, timeoutMs: 2000 },
    models: { flash: 'small-m', pro: 'large-m' },
    deps: { fetch: fetch as unknown as FetchLike, sleep: async () => undefined },
    store: memoryStore(),
    stopAtTerminate: true,
  });
  await openSession(id);
  const brief = (judge?: Parameters<typeof runSession>[4]) =>
    runSession(id, live, [], undefined, judge).result.checks.map((c) => [
      c.turn,
      c.source,
      c.confidence,
      c.notAsked ?? false,
    ]);

  expect(brief(null)[0]).toEqual([30, 'openai-compatible', null, true]);
  const withAnswers = brief({ rev: 1, cache });
  expect(withAnswers.map(([turn, , confidence]) => [turn, confidence])).toEqual([
    [30, 0.1],
    [33, 0.55],
    [42, 0.92],
    [42, 0.96],
  ]);
  const session = parts.sessions.opened(id).session;
  expect(brief({ rev: 1, cache })).toEqual(withAnswers);
  expect(parts.sessions.opened(id).session).toBe(session);
  // Not sent (a caller without answers, the CLI): the session keeps what it has.
  expect(brief()).toEqual(withAnswers);
  expect(brief(null)[0]).toEqual([30, 'openai-compatible', null, true]);
});
