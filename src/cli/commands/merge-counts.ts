/**
 * The counts of one `eval --json` line, checked before `merge` adds them: every count a
 * non-negative whole number, token sums non-negative and finite, and the relations evaluate()
 * always keeps (a span is caught or missed, an alarm is inside a span or outside), and the runs
 * without labels adding up with the labelled ones to the line's transcripts. A hand-edited or
 * corrupted shard is refused with the line and the field, never summed into a recall of -50 %.
 */
import { emptyMetrics, type Metrics } from '../../engine/evaluate';
import { emptyUnlabelled, type UnlabelledCounts } from '../../engine/labelled';
import { UsageError } from '../io';
import type { EvalSums } from './evaluate';

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
  return new UsageError(`${where}: ${k} is ${shown}, not ${what}; is this \`loopscope eval --json\` output?`);
}

const notEval = (where: string, k: string) =>
  new UsageError(`${where}: ${k} is missing or not a number; is this \`loopscope eval --json\` output?`);

/** The finite number at `path` (named in the message). */
function numberAt(v: unknown, where: string, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw notEval(where, path);
  return v;
}

/** A whole count from 0 to 2^53 at `path`. */
function wholeCount(v: unknown, where: string, path: string): number {
  const n = numberAt(v, where, path);
  if (!Number.isSafeInteger(n) || n < 0) throw badCount(where, path, n, 'a whole number from 0 to 2^53');
  return n;
}

/** A token sum from 0 to 2^53 at `path` (fractional allowed). */
function tokenSum(v: unknown, where: string, path: string): number {
  const n = numberAt(v, where, path);
  if (n < 0 || n > Number.MAX_SAFE_INTEGER) throw badCount(where, path, n, 'a token count from 0 to 2^53');
  return n;
}

const doNotAddUp = (where: string, what: string) => new UsageError(`${where}: ${what}; the counts do not add up`);

/** Only the counts: the ratios are derived again from the sums, never averaged. */
export function countsOf(m: Record<string, unknown>, where: string): Metrics {
  const out = emptyMetrics();
  for (const k of Object.keys(out) as (keyof Metrics)[])
    out[k] = (TOKEN_SUMS.has(k) ? tokenSum : wholeCount)(m[k], where, `metrics.${k}`);
  for (const [a, b, whole] of SUMS)
    if (out[a] + out[b] !== out[whole])
      throw doNotAddUp(where, `metrics.${a} (${out[a]}) + ${b} (${out[b]}) is not ${whole} (${out[whole]})`);
  for (const [part, whole] of AT_MOST)
    if (out[part] > out[whole])
      throw doNotAddUp(where, `metrics.${part} (${out[part]}) is more than ${whole} (${out[whole]})`);
  return out;
}

/** The counts of runs without labels: runs alarmed and runs stopped are some of the runs. */
export function unlabelledOf(u: unknown, where: string): UnlabelledCounts {
  if (typeof u !== 'object' || u === null)
    throw new UsageError(
      `${where}: no "unlabelled" object; merge reads the output of \`loopscope eval --json\` (shards from an older loopscope: run eval again)`,
    );
  const out = emptyUnlabelled();
  for (const k of Object.keys(out) as (keyof UnlabelledCounts)[])
    out[k] = wholeCount((u as Record<string, unknown>)[k], where, `unlabelled.${k}`);
  for (const part of ['alarmed', 'stopped'] as const)
    if (out[part] > out.runs)
      throw doNotAddUp(where, `unlabelled.${part} (${out[part]}) is more than runs (${out.runs})`);
  if (out.alarmed > out.alarms)
    throw doNotAddUp(where, `unlabelled.alarmed (${out.alarmed}) is more than alarms (${out.alarms})`);
  return out;
}

/** A line's counts, its `labelled` and `transcripts` checked against them. */
export function sumsOf(rec: Record<string, unknown>, where: string): EvalSums {
  const metrics = countsOf(rec.metrics as Record<string, unknown>, where);
  const unlabelled = unlabelledOf(rec.unlabelled, where);
  const labelled = wholeCount(rec.labelled, where, 'labelled');
  const transcripts = wholeCount(rec.transcripts, where, 'transcripts');
  if (labelled !== metrics.transcripts)
    throw doNotAddUp(where, `labelled (${labelled}) is not metrics.transcripts (${metrics.transcripts})`);
  if (labelled + unlabelled.runs !== transcripts)
    throw doNotAddUp(
      where,
      `labelled (${labelled}) + unlabelled.runs (${unlabelled.runs}) is not transcripts (${transcripts})`,
    );
  return { metrics, unlabelled };
}

/** Sums must stay exact: past 2^53 an added count is rounded. */
export function checkSum(total: EvalSums, where: string): void {
  const fields: [string, Record<string, number>][] = [
    ['metrics', total.metrics as unknown as Record<string, number>],
    ['unlabelled', total.unlabelled as unknown as Record<string, number>],
  ];
  for (const [name, counts] of fields)
    for (const [k, v] of Object.entries(counts))
      if (v > Number.MAX_SAFE_INTEGER)
        throw new UsageError(`${where}: the sum of ${name}.${k} passes 2^53 and would no longer be exact`);
}
