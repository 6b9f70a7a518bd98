/**
 * The counts of one `eval --json` line, checked before `merge` adds them: every count a
 * non-negative whole number, token sums non-negative and finite, and the relations evaluate()
 * always keeps (a span is caught or missed, an alarm is inside a span or outside). A hand-edited or
 * corrupted shard is refused with the line and the field, never summed into a recall of -50 %.
 */
import { emptyMetrics, type Metrics } from '../../engine/evaluate';
import { UsageError } from '../io';

/** Sums of token counts: a turn's count may be fractional in a transcript, so only finite and >= 0. */
const TOKEN_SUMS: ReadonlySet<keyof Metrics> = new Set(['wastedTokenSum', 'savedTokenSum']);

/** [part, part, whole]: part + part = whole. */
const SUMS: [keyof Metrics, keyof Metrics, keyof Metrics][] = [
  ['caught', 'missed', 'spans'],
  ['alarmsInSpans', 'alarmsOutsideSpans', 'alarms'],
];

/** [part, whole]: part <= whole. */
const AT_MOST: [keyof Metrics, keyof Metrics][] = [
  ['fp', 'alarmsOutsideSpans'],
  ['clean', 'transcripts'],
  ['cleanFlagged', 'clean'],
  ['prematureStops', 'transcripts'],
  ['latencyCount', 'caught'],
  ['wastedTurnsWithTokens', 'wastedTurns'],
  ['savedTurnsWithTokens', 'savedTurns'],
];

function badCount(where: string, k: string, v: unknown, what: string): UsageError {
  const shown = typeof v === 'number' ? String(v) : typeof v;
  return new UsageError(`${where}: metrics.${k} is ${shown}, not ${what}; is this \`loopscope eval --json\` output?`);
}

/** Only the counts: the ratios are derived again from the sums, never averaged. */
export function countsOf(m: Record<string, unknown>, where: string): Metrics {
  const out = emptyMetrics();
  for (const k of Object.keys(out) as (keyof Metrics)[]) {
    const v = m[k];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new UsageError(
        `${where}: metrics.${k} is missing or not a number; is this \`loopscope eval --json\` output?`,
      );
    if (TOKEN_SUMS.has(k)) {
      if (v < 0 || v > Number.MAX_SAFE_INTEGER) throw badCount(where, k, v, 'a token count from 0 to 2^53');
    } else if (!Number.isSafeInteger(v) || v < 0) throw badCount(where, k, v, 'a whole number from 0 to 2^53');
    out[k] = v;
  }
  for (const [a, b, whole] of SUMS)
    if (out[a] + out[b] !== out[whole])
      throw new UsageError(
        `${where}: metrics.${a} (${out[a]}) + ${b} (${out[b]}) is not ${whole} (${out[whole]}); the counts do not add up`,
      );
  for (const [part, whole] of AT_MOST)
    if (out[part] > out[whole])
      throw new UsageError(
        `${where}: metrics.${part} (${out[part]}) is more than ${whole} (${out[whole]}); the counts do not add up`,
      );
  return out;
}

/** Sums must stay exact: past 2^53 an added count is rounded. */
export function checkSum(total: Metrics, where: string): void {
  for (const k of Object.keys(total) as (keyof Metrics)[])
    if (total[k] > Number.MAX_SAFE_INTEGER)
      throw new UsageError(`${where}: the sum of metrics.${k} passes 2^53 and would no longer be exact`);
}
