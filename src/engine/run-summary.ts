/**
 * What the library shows of one run under one config: its alarms, first alarm, stop, and, when
 * it is labelled, how its alarms score. Split in two so a cache can keep the replay's part (it
 * depends on the transcript and the config) apart from the labels' part (labels change while
 * the replay does not): `replayDigest` keeps only the distinct alarm turns and the stop, which is
 * all the event-based scores of evaluate.ts look at.
 */
import type { Label } from '../model/transcript';
import { alarmEpisodes, alarmTurns, loopsSeen } from './alarm-episodes';
import { falseAlarmEpisodes, inLoopSpan, isAlarm } from './evaluate';
import { isLabelled, loopSpans } from './labelled';
import type { ReplayResult } from './replay';
import type { Action } from './types';

/** The replay's part: small, whatever the size of the run. */
export interface ReplayDigest {
  turns: number;
  /** Events at or above the counted action (after the stop too: evaluate.ts counts them). */
  alarms: number;
  /** Distinct turns with an alarm, ascending. */
  alarmTurns: number[];
  /** The run's own stop (its first terminate), or null. */
  stoppedAt: number | null;
  /** Loops the alarms are about: episodes of all detectors merged (alarm-episodes.ts). */
  loopsSeen: number;
  /** First turn with an event of any action (a warning or stronger), and with a block or stronger. */
  warnedAt: number | null;
  blockedAt: number | null;
}

/** The strongest action the config reaches on a run, and the first turn it does. */
export interface ActionReached {
  action: Action;
  turn: number;
}

/** One library row's triage figures. */
export interface RunSummary {
  turns: number;
  alarms: number;
  firstAlarm: number | null;
  stoppedAt: number | null;
  /** Loops the alarms are about (alarms of one detector on one loop count once). */
  loopsSeen: number;
  /** What the config would do to this run at most: stop, else block, else warn; null for nothing. */
  reached: ActionReached | null;
  /** First turn with an event of any action, and with a block or stronger (null: none). */
  warnedAt: number | null;
  blockedAt: number | null;
  /** Whether the run has any label (loop or progress): only then are its alarms true or false. */
  labelled: boolean;
  /** Loop spans labelled. */
  loops: number;
  caught: number;
  falseAlarms: number;
  /** The stop falls outside every loop span (it would kill real work). */
  prematureStop: boolean;
  /** Event-based F1 as in evaluate.ts; null when unlabelled or when no loop is labelled. */
  f1: number | null;
}

export function replayDigest(result: ReplayResult, countAction: Action): ReplayDigest {
  let alarms = 0;
  let warnedAt: number | null = null;
  let blockedAt: number | null = null;
  for (const e of result.events) {
    warnedAt ??= e.turn;
    if (e.action !== 'warn') blockedAt ??= e.turn;
    if (isAlarm(e, countAction)) alarms++;
  }
  return {
    turns: result.turns,
    alarms,
    alarmTurns: alarmTurns(result.events, countAction),
    stoppedAt: result.stoppedAt?.turn ?? null,
    loopsSeen: loopsSeen(alarmEpisodes(result.events, countAction)).length,
    warnedAt,
    blockedAt,
  };
}

function reachedOf(d: ReplayDigest): ActionReached | null {
  if (d.stoppedAt !== null) return { action: 'terminate', turn: d.stoppedAt };
  if (d.blockedAt !== null) return { action: 'block', turn: d.blockedAt };
  if (d.warnedAt !== null) return { action: 'warn', turn: d.warnedAt };
  return null;
}

/** The digest scored against `labels`: the same caught / false alarm / F1 as evaluate.ts. */
export function summarizeRun(d: ReplayDigest, labels: readonly Label[]): RunSummary {
  const spans = loopSpans(labels);
  let caught = 0;
  for (const s of spans) if (d.alarmTurns.some((t) => t >= s.startTurn && t <= s.endTurn)) caught++;
  const outside = d.alarmTurns.filter((t) => !inLoopSpan(t, spans));
  const labelled = isLabelled(labels);
  // Unlabelled, an alarm is neither true nor false.
  const falseAlarms = labelled ? falseAlarmEpisodes(outside).length : 0;
  const missed = spans.length - caught;
  return {
    turns: d.turns,
    alarms: d.alarms,
    firstAlarm: d.alarmTurns[0] ?? null,
    stoppedAt: d.stoppedAt,
    loopsSeen: d.loopsSeen,
    reached: reachedOf(d),
    warnedAt: d.warnedAt,
    blockedAt: d.blockedAt,
    labelled,
    loops: spans.length,
    caught,
    falseAlarms,
    prematureStop: d.stoppedAt !== null && labelled && !inLoopSpan(d.stoppedAt, spans),
    f1: labelled && spans.length > 0 ? (2 * caught) / (2 * caught + falseAlarms + missed) : null,
  };
}
