/** The words shown before anything is sent: how many checks and tokens a run may take. */
import type { JudgeEstimate } from '../../engine/judge/estimate';

const n = (x: number) => x.toLocaleString('en-US');

export function checksText(e: JudgeEstimate): string {
  return e.minChecks === e.maxChecks ? `${e.maxChecks} checks` : `${e.minChecks} to ${e.maxChecks} checks`;
}

export interface ScheduleWords {
  threshold: number;
  minInterval: number;
  maxInterval: number;
}

export function estimateLines(e: JudgeEstimate, p: ScheduleWords, hasPro: boolean): string[] {
  const threshold = p.threshold;
  const lines = [
    `${checksText(e)} on this run's schedule (the count depends on the answers: low confidence checks every ${p.maxInterval} turns, high every ${p.minInterval}).`,
  ];
  if (e.cachedChecks) lines.push(`${n(e.cachedChecks)} of them already answered in the cache (not sent again).`);
  lines.push(
    e.maxRequests === 0
      ? 'Nothing to send: every check is answered from the cache.'
      : `At most ${n(e.maxRequests)} requests to the first model, ≈ ${n(e.tokensPerRequest)} input tokens each, ≈ ${n(e.maxTokens)} in all` +
          (hasPro ? `, plus one to the double-check model for each answer ≥ ${threshold}.` : '.'),
  );
  return lines;
}

export function askLabel(e: JudgeEstimate | null): string {
  if (!e) return 'Ask the judge for this run';
  if (e.maxChecks === 0) return 'Nothing to ask: no check falls on this run';
  if (e.maxRequests === 0) return 'Use the cached answers for this run (nothing to send)';
  return `Ask the judge for this run (≤ ${n(e.maxRequests)} checks to ask, ≈ ${n(e.maxTokens)} tokens)`;
}
