import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from '../import/loopscope-jsonl';
import { sourceFromText } from '../import/source';
import type { EngineConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { PRESETS } from './presets/index';
import { replay } from './replay';
import { ReplaySession } from './replay-session';
import { ReplayWhileParsing } from './replay-while-parsing';

const dir = join(__dirname, '../samples');
const samples = readdirSync(dir).filter((f) => f.endsWith('.loop.jsonl'));

const everything: EngineConfig = {
  name: 'all',
  detectors: Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, { enabled: true }])),
};

/** Parses `text` as a file, replaying `configs` while it is read; the transcripts and the early replay. */
async function parseReplaying(name: string, text: string, configs: EngineConfig[]) {
  const early = new ReplayWhileParsing(configs);
  const result = await parseLoopscopeJsonl(sourceFromText(name, text), {
    onTurnsSoFar: (turns) => early.catchUp(turns),
  });
  return { transcripts: result.transcripts, early };
}

const line = (o: object) => JSON.stringify(o);
const sameCall = (n: number) =>
  Array.from({ length: n }, () =>
    line({ type: 'assistant', calls: [{ name: 'bash', args: { command: 'ls' }, result: { content: 'a b' } }] }),
  );

describe('ReplayWhileParsing', () => {
  it.each(samples)(
    'gives the session exactly what replay() gives, for every preset and everything on: %s',
    async (f) => {
      const configs = [...PRESETS, everything];
      const { transcripts, early } = await parseReplaying(f, readFileSync(join(dir, f), 'utf8'), configs);
      const [t] = transcripts;
      const feed = early.finish(t);
      expect(feed?.turnViews.length).toBe(t.turns.length);
      // Every enabled detector but the judge ran once per distinct settings while the file was read.
      expect(feed!.runs.size).toBe(DETECTOR_DEFS.length - 1 + countDistinctPresetRuns(configs));
      const session = new ReplaySession(t, { feed });
      for (const config of configs) expect(session.run(config), config.name).toEqual(replay(t, config));
    },
  );

  it('leaves the judge to the session: its answers may come after the turns they answer', async () => {
    // The recorded-judge sample with every judge line moved to the end of the file.
    const lines = readFileSync(join(dir, 'judge-recorded.loop.jsonl'), 'utf8').trim().split('\n');
    const isJudge = (l: string) => l.includes('"type":"judge"');
    const text = [...lines.filter((l) => !isJudge(l)), ...lines.filter(isJudge)].join('\n');
    const judgeOnly: EngineConfig = { name: 'judge', detectors: { 'llm-judge': { enabled: true } } };
    const { transcripts, early } = await parseReplaying('judged-late.loop.jsonl', text, [judgeOnly]);
    const [t] = transcripts;
    const feed = early.finish(t);
    expect(feed!.runs.size).toBe(0);
    const got = new ReplaySession(t, { feed }).run(judgeOnly);
    expect(got.events.map((e) => [e.detector, e.turn, e.action])).toEqual([['llm-judge', 42, 'terminate']]);
    expect(got).toEqual(replay(t, judgeOnly));
  });

  it('gives a feed only for the turns it stepped: a file of two transcripts', async () => {
    const text = [
      line({ type: 'meta', version: 1, title: 'one' }),
      ...sameCall(3),
      line({ type: 'meta', version: 1, title: 'two' }),
      ...sameCall(2),
    ].join('\n');
    const { transcripts, early } = await parseReplaying('two.loop.jsonl', text, [PRESETS[0]]);
    expect(transcripts.map((t) => t.turns.length)).toEqual([3, 2]);
    expect(early.finish(transcripts[0])).toBeUndefined();
  });

  it('gives up when the transcript is not the one stepped (storing cut a turn into new objects)', async () => {
    const text = [line({ type: 'meta', version: 1, title: 'cut' }), ...sameCall(3)].join('\n');
    const { transcripts, early } = await parseReplaying('cut.loop.jsonl', text, [PRESETS[0]]);
    const [t] = transcripts;
    expect(early.finish({ ...t, turns: t.turns.map((turn) => ({ ...turn })) })).toBeUndefined();
    expect(early.finish({ ...t, turns: t.turns.slice(0, 2) })).toBeUndefined();
    expect(early.finish(t)?.turnViews.length).toBe(3);
  });
});

/** Distinct (detector, settings) pairs the presets enable beyond `everything`'s defaults, the judge left out. */
function countDistinctPresetRuns(configs: EngineConfig[]): number {
  const early = new ReplayWhileParsing([everything]);
  const all = new ReplayWhileParsing(configs);
  const size = (e: ReplayWhileParsing) =>
    e.finish({ title: '', format: '', turns: [], labels: [], judge: [] })!.runs.size;
  return size(all) - size(early);
}

describe('detectors that read judge answers', () => {
  it('say so, so that they are never run before the judge lines are read', () => {
    const detectorsDir = join(__dirname, 'detectors');
    const reading = readdirSync(detectorsDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /env\.judge/.test(readFileSync(join(detectorsDir, f), 'utf8')));
    expect(reading).toEqual(['llm-judge.ts']);
    expect(DETECTOR_DEFS.filter((d) => d.readsJudgeAnswers).map((d) => d.id)).toEqual(['llm-judge']);
  });
});
