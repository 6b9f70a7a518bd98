/**
 * The `heuristic` judge source: a deterministic stand-in for the LLM over the same prepared
 * history. It is NOT an LLM and every check and message it produces says so.
 *
 * Rule: fingerprint each assistant message of the history (its calls as name + canonical args;
 * a message without calls by its whitespace-collapsed, lower-cased text). Find the longest tail
 * that repeats with period 1, 2 or 3 (each message equals the one p before it, at least two full
 * periods). confidence = messages in that tail / assistant messages in the history. Fewer than 5
 * assistant messages (the LLM-check design prompt's "last 5 or more assistant turns") gives 0.
 * Results are not fingerprinted: the newest turn's results are not in the history yet.
 */
import { canonicalJson } from '../fingerprint';
import type { JudgeMessage } from './history';
import type { JudgeAnswer } from './request';

export const HEURISTIC_MIN_TURNS = 5;
const MAX_PERIOD = 3;

function fingerprint(m: Extract<JudgeMessage, { role: 'assistant' }>): string {
  if (m.calls.length === 0) return 'text:' + m.text.trim().replace(/\s+/g, ' ').toLowerCase();
  let s = 'calls:';
  for (const c of m.calls) s += c.name + canonicalJson(c.args) + '\u0001';
  return s;
}

export function heuristicJudge(history: readonly JudgeMessage[]): JudgeAnswer {
  const fps: string[] = [];
  const names: string[] = [];
  for (const m of history)
    if (m.role === 'assistant') {
      fps.push(fingerprint(m));
      names.push(m.calls.length ? m.calls.map((c) => c.name).join('+') : 'text');
    }
  const n = fps.length;
  const tag = 'heuristic stand-in, not an LLM';
  if (n < HEURISTIC_MIN_TURNS)
    return {
      confidence: 0,
      analysis: `${tag}: only ${n} assistant turns in the history (needs ${HEURISTIC_MIN_TURNS}).`,
    };
  let best = 0;
  let bestPeriod = 0;
  for (let p = 1; p <= MAX_PERIOD && p < n; p++) {
    let run = 0;
    for (let i = n - 1; i >= p && fps[i] === fps[i - p]; i--) run++;
    const covered = run >= p ? run + p : 0;
    if (covered > best) {
      best = covered;
      bestPeriod = p;
    }
  }
  if (best === 0) return { confidence: 0, analysis: `${tag}: no repetition at the end of ${n} assistant turns.` };
  const cycle = names.slice(n - bestPeriod).join(' → ');
  return {
    confidence: best / n,
    analysis: `${tag}: the last ${best} of ${n} assistant turns repeat with period ${bestPeriod} (${cycle}).`,
  };
}
