/**
 * Warnings for a config that needs data the open run lacks: the recorded judge source without
 * any recorded judge answers (every check is "model unavailable"), and token metrics on a run
 * without token counts (they are unknown, not 0).
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { presetByName, PRESETS } from '../../engine/presets/index';

/** What the run carries that some detectors and metrics need. */
export interface RunFacts {
  /** Recorded judge answers (`judge` lines of a Loopscope transcript). */
  judgeAnswers: number;
  /** Whether any turn carries token counts. */
  hasTokens: boolean;
}

export function runFacts(t: { judgeLines: number; hasTokens: boolean }): RunFacts {
  return { judgeAnswers: t.judgeLines, hasTokens: t.hasTokens };
}

/** Whether this config's judge reads recorded answers the run does not have. */
export function needsRecordedJudge(config: EngineConfig, facts: RunFacts): boolean {
  const judge = resolveConfig(config).detectors['llm-judge'];
  return judge.enabled && judge.source === 'recorded' && facts.judgeAnswers === 0;
}

/**
 * Whether everything this config could raise on the run hangs on recorded judge answers it does
 * not have (llm-check): its alarms and scores are then unknown (n/a), not 0.
 */
export function judgeOnlyBlind(config: EngineConfig, facts: RunFacts): boolean {
  if (!needsRecordedJudge(config, facts)) return false;
  const detectors = resolveConfig(config).detectors;
  return Object.entries(detectors).every(([id, d]) => id === 'llm-judge' || !d.enabled);
}

/** What a number of such a config shows instead, and why (a cell's tooltip). */
export const JUDGE_ONLY_UNKNOWN = 'n/a: only the LLM judge could raise alarms, and the run has no recorded answers';

export function judgeWarning(who: string): string {
  return `no recorded judge answers: ${who} shows model unavailable`;
}

export const TOKENS_WARNING = 'no token counts in this run: tokens wasted and saved show n/a';

/** The warnings for the config being tuned (`who` names it, e.g. its preset). */
export function dataGaps(config: EngineConfig, who: string, facts: RunFacts): string[] {
  const out: string[] = [];
  if (needsRecordedJudge(config, facts)) out.push(judgeWarning(who));
  if (!facts.hasTokens) out.push(TOKENS_WARNING);
  return out;
}

/** The warnings for the draft, naming its preset when the preset itself needs what is missing. */
export function draftGaps(draft: EngineConfig, presetName: string, facts: RunFacts): string[] {
  const preset = presetByName(presetName);
  const who = preset && needsRecordedJudge(preset, facts) ? presetName : 'the llm-judge detector';
  return dataGaps(draft, who, facts);
}

/** Presets whose judge reads recorded answers (llm-check, gemini-cli). */
function recordedJudgePresets(): string[] {
  return PRESETS.filter((c) => needsRecordedJudge(c, { judgeAnswers: 0, hasTokens: true })).map((c) => c.name ?? '');
}

/** Compare on one run: every preset affected by what the run lacks. */
export function presetGaps(facts: RunFacts): string[] {
  const judge = facts.judgeAnswers === 0 ? recordedJudgePresets().map(judgeWarning) : [];
  return facts.hasTokens ? judge : [...judge, TOKENS_WARNING];
}

/** Compare over the library: how many summed runs have no recorded judge answers. */
export function libraryGaps(withoutJudge: number, measured: number): string[] {
  if (withoutJudge === 0) return [];
  const names = recordedJudgePresets().join(' and ');
  return [
    `${withoutJudge} of ${measured} runs have no recorded judge answers: ${names} show model unavailable on them`,
  ];
}
