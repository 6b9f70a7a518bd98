/**
 * Warnings for a config that needs data the open run lacks: the recorded judge source without
 * any recorded judge answers (every check is "model unavailable"), and token metrics on a run
 * without token counts (they are unknown, not 0).
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';

/** What the run carries that some detectors and metrics need. */
export interface RunFacts {
  /** Recorded judge answers (`judge` lines of a Loopscope transcript). */
  judgeAnswers: number;
  /** Whether any turn carries token counts. */
  hasTokens: boolean;
}

export function runFacts(t: { judge?: readonly unknown[]; turns: readonly { tokens?: unknown }[] }): RunFacts {
  return { judgeAnswers: t.judge?.length ?? 0, hasTokens: t.turns.some((turn) => turn.tokens !== undefined) };
}

/** Whether this config's judge reads recorded answers the run does not have. */
export function needsRecordedJudge(config: EngineConfig, facts: RunFacts): boolean {
  const judge = resolveConfig(config).detectors['llm-judge'];
  return judge.enabled && judge.source === 'recorded' && facts.judgeAnswers === 0;
}

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
