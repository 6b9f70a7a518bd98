/**
 * The LLM-check design (Gemini CLI's LLM loop check): the LLM judge. On a turn schedule (first check at turn 30, then every 3 turns, then
 * an adaptive 5-15) it asks a flash model whether the last 20 history entries are an
 * unproductive loop; a flash confidence >= 0.9 is confirmed by a pro model (>= 0.9 counts).
 * Answers come from the transcript's judge lines (`recorded`), a documented deterministic
 * stand-in (`heuristic`), or a cache of a user's endpoint answers (`openai-compatible`).
 */
import type { JudgeRecord } from '../../model/transcript';
import { heuristicJudge } from '../judge/heuristic';
import { historyHash, prepareHistory } from '../judge/history';
import { judgeCacheKey, type JudgeAnswer } from '../judge/request';
import { JudgeLoop, type Reply } from '../judge/judge-loop';
import type { DetectorDef } from '../params';
import type { Action, DetectorEnv, JudgeCheck } from '../types';

export const JUDGE_SOURCES = ['recorded', 'heuristic', 'openai-compatible'] as const;
export type JudgeSource = (typeof JUDGE_SOURCES)[number];

export interface LlmJudgeParams {
  [key: string]: number | boolean | string | Action[];
  source: JudgeSource;
  checkAfterTurns: number;
  initialInterval: number;
  minInterval: number;
  maxInterval: number;
  warmupChecks: number;
  intervalScale: 'threshold' | 'unit';
  threshold: number;
  historyCount: number;
  resetOnUserMessage: boolean;
  actions: Action[];
}

type Model = JudgeCheck['model'];
type Ask = (model: Model, turn: number) => Reply;

function recordedAsk(judge: readonly JudgeRecord[]): Ask {
  // Later lines for the same turn and model replace earlier ones. Read as checks come: a live
  // run's answers arrive as it goes (the list grows).
  const byKey = new Map<string, JudgeRecord>();
  let read = 0;
  return (model, turn) => {
    for (; read < judge.length; read++) byKey.set(`${judge[read].model}@${judge[read].turn}`, judge[read]);
    const r = byKey.get(`${model}@${turn}`);
    return r ? { confidence: r.confidence, analysis: r.analysis } : undefined;
  };
}

function historyAsk(env: DetectorEnv, p: LlmJudgeParams): Ask {
  // Both models see the same history; it is prepared once per checked turn.
  let lastTurn = -1;
  let hash = '';
  let heuristic: JudgeAnswer | undefined;
  return (model, turn) => {
    if (turn !== lastTurn) {
      const history = prepareHistory(env.transcript, turn, p.historyCount);
      lastTurn = turn;
      if (p.source === 'heuristic') heuristic = heuristicJudge(history);
      else hash = historyHash(history);
    }
    if (p.source === 'heuristic') return heuristic;
    const cache = env.judgeCache;
    if (!cache) return 'unasked';
    const key = judgeCacheKey(cache.models[model], hash);
    // null: asked and failed (unavailable); absent: never asked.
    return key in cache.answers ? (cache.answers[key] ?? undefined) : 'unasked';
  };
}

export const llmJudge: DetectorDef<LlmJudgeParams> = {
  id: 'llm-judge',
  title: 'LLM judge',
  origin: "Gemini CLI's LLM loop check",
  summary:
    'From turn 30 on a schedule (every 3 turns, then 5-15 by confidence), flash judges the last 20 history entries; flash >= 0.9 is confirmed by pro (pro unavailable: trust flash).',
  params: [
    {
      key: 'source',
      label: 'Judge source',
      type: 'enum',
      options: JUDGE_SOURCES,
      help: 'heuristic is a deterministic stand-in, not an LLM',
    },
    { key: 'checkAfterTurns', label: 'First check at turn', type: 'int', min: 1, max: 1000 },
    { key: 'initialInterval', label: 'Initial interval (turns)', type: 'int', min: 1, max: 100 },
    { key: 'minInterval', label: 'Min interval (turns)', type: 'int', min: 1, max: 100 },
    { key: 'maxInterval', label: 'Max interval (turns)', type: 'int', min: 1, max: 100 },
    { key: 'warmupChecks', label: 'Checks before adapting', type: 'int', min: 0, max: 20 },
    {
      key: 'intervalScale',
      label: 'Interval scale',
      type: 'enum',
      options: ['threshold', 'unit'],
      help: 'threshold: 0.9 → min interval (LLM-check design example); unit: round(min + (max-min)(1-c)) (Gemini CLI)',
    },
    { key: 'threshold', label: 'Confidence threshold', type: 'number', min: 0.01, max: 1, step: 0.01 },
    { key: 'historyCount', label: 'History entries', type: 'int', min: 1, max: 200 },
    { key: 'resetOnUserMessage', label: 'Restart count on a user prompt', type: 'boolean' },
    { key: 'actions', label: 'Graduated actions', type: 'actions' },
  ],
  defaults: {
    source: 'recorded',
    checkAfterTurns: 30,
    initialInterval: 3,
    minInterval: 5,
    maxInterval: 15,
    warmupChecks: 1,
    intervalScale: 'threshold',
    threshold: 0.9,
    historyCount: 20,
    resetOnUserMessage: false,
    actions: ['terminate'],
  },
  create(p, env) {
    const loop = new JudgeLoop(p, env.transcript);
    const ask: Ask = p.source === 'recorded' ? recordedAsk(env.judge) : historyAsk(env, p);
    return {
      onTurn(turn, sink) {
        if (!loop.startTurn(turn.index)) return;
        const out = loop.checkWith(turn.index, (model) => ask(model, turn.index));
        for (const c of out.checks) sink.check(c);
        if (out.event) sink.emit(out.event);
      },
    };
  },
};
