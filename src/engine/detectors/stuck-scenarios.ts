/**
 * The scenarios of OpenHands' StuckDetector, read from the end of the history like the source.
 * Two flavours:
 * - `v0`: OpenHands/OpenHands openhands/controller/stuck.py at 331a1a43 (scenarios 1-6). An agent
 *   message is an Action and a condensation an Observation there, so both take part in the
 *   "last N actions / observations" of scenarios 1, 2 and 4.
 * - `sdk`: OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/conversation/stuck_detector.py
 *   at 1c2e6b51 (scenarios 1-4; its scenario 5 is a stub that returns False). Only ActionEvents
 *   and observations are collected; monologue counts consecutive agent messages. With
 *   `actionErrorNudge` (PR #4332, read in the fork yqwd-dimleap/suricate-sdk at a6565073): scenario
 *   2 needs one error past the threshold, the threshold itself gets a nudge (actionErrorStreak).
 */
import { obsKey, type StuckEvent } from './stuck-history';

export type StuckFlavour = 'v0' | 'sdk';

export interface StuckThresholds {
  flavour: StuckFlavour;
  actionObservation: number;
  actionError: number;
  monologue: number;
  alternatingPattern: number;
  /** 0: scenario 5 off. */
  condensations: number;
  /** 0: scenario 6 off. */
  emptyResponses: number;
  /** sdk: scenario 2 fires at a streak above actionError; the streak at actionError is nudged. */
  actionErrorNudge: boolean;
}

export interface StuckFinding {
  scenario: number;
  loopType: string;
}

/**
 * An action or observation as the scenarios compare it: its event, keyed on demand by keyOf
 * (no closure per item: this runs for every step of a long run).
 */
type Item = { e: StuckEvent; error: boolean; ipython?: string };

function keyOf(item: Item): string {
  const e = item.e;
  if (e.k === 'act') return e.key;
  if (e.k === 'msg') return `\u0000message\u0000${e.text}`;
  if (e.k === 'obs') return obsKey(e);
  return '\u0000condensation';
}

function actionOf(e: StuckEvent, f: StuckFlavour): Item | undefined {
  if (e.k === 'act' || (e.k === 'msg' && f === 'v0')) return { e, error: false };
  return undefined;
}

function observationOf(e: StuckEvent, f: StuckFlavour): Item | undefined {
  if (e.k === 'obs') return { e, error: e.error, ipython: e.ipython };
  if (e.k === 'cond' && f === 'v0') return { e, error: false };
  return undefined;
}

/** The last n actions and n observations, newest first, wherever they are (the source's loop). */
function lastItems(events: StuckEvent[], n: number, f: StuckFlavour): [Item[], Item[]] {
  const acts: Item[] = [];
  const obs: Item[] = [];
  for (let i = events.length - 1; i >= 0 && (acts.length < n || obs.length < n); i--) {
    const a = actionOf(events[i], f);
    if (a) {
      if (acts.length < n) acts.push(a);
      continue;
    }
    const o = observationOf(events[i], f);
    if (o && obs.length < n) obs.push(o);
  }
  return [acts, obs];
}

function allSame(items: Item[], n: number): boolean {
  const first = keyOf(items[0]);
  for (let i = 1; i < n; i++) if (keyOf(items[i]) !== first) return false;
  return true;
}

const UNTERMINATED = 'SyntaxError: unterminated string literal (detected at line';
const INVALID = ['SyntaxError: invalid syntax. Perhaps you forgot a comma?', 'SyntaxError: incomplete input'];

/** stuck.py `_check_for_consistent_line_error`: the same line-3-from-the-end in every output. */
function consistentLineError(outputs: string[]): boolean {
  const lines: string[] = [];
  for (const c of outputs) {
    const ls = c.trim().split('\n');
    if (ls.length < 3) return false;
    const last = ls.slice(-3);
    if (!(
      last[1].startsWith('[Jupyter current working directory:') && last[2].startsWith('[Jupyter Python interpreter:')
    ))
      return false;
    if (last[0].includes(UNTERMINATED)) lines.push(last[0]);
  }
  return lines.length === outputs.length && new Set(lines).size === 1;
}

/** stuck.py `_check_for_consistent_invalid_syntax`. */
function consistentInvalidSyntax(outputs: string[], message: string): boolean {
  const first = new Set<string>();
  const valid: string[] = [];
  for (const c of outputs) {
    const ls = c.trim().split('\n');
    if (ls.length < 6) return false;
    const l1 = ls[0].trim();
    if (!l1.startsWith('Cell In[1], line')) return false;
    first.add(l1);
    const n = ls.length;
    if (
      ls[n - 1].startsWith('[Jupyter Python interpreter:') &&
      ls[n - 2].startsWith('[Jupyter current working directory:') &&
      ls[n - 3].includes(message)
    )
      valid.push(c);
  }
  return (
    first.size === 1 &&
    valid.length === outputs.length &&
    new Set(valid.map((c) => c.trim().split('\n').slice(0, -2).at(-1))).size === 1
  );
}

/**
 * stuck_detector.py `_action_error_streak` (after #4332): action/observation pairs from the newest,
 * zipped, while the action equals the newest one and the observation is an error.
 */
function streakOf(acts: Item[], obs: Item[]): number {
  if (acts.length === 0 || obs.length === 0) return 0;
  const first = keyOf(acts[0]);
  let streak = 0;
  for (let i = 0; i < acts.length && i < obs.length; i++) {
    if (keyOf(acts[i]) !== first || !obs[i].error) break;
    streak++;
  }
  return streak;
}

/** The SDK's nudge check (`get_action_error_nudge`): the streak and its newest error event. */
export function actionErrorStreak(events: StuckEvent[], t: StuckThresholds): { streak: number; error?: StuckEvent } {
  const [acts, obs] = lastItems(events, t.actionError + 1, t.flavour);
  return { streak: streakOf(acts, obs), error: obs[0]?.e };
}

function actionError(acts: Item[], obs: Item[], t: StuckThresholds): boolean {
  const n = t.actionError;
  if (t.flavour === 'sdk' && t.actionErrorNudge) return streakOf(acts, obs) > n;
  if (acts.length < n || obs.length < n || !allSame(acts, n)) return false;
  const recent = obs.slice(0, n);
  if (recent.every((o) => o.error)) return true;
  if (t.flavour !== 'v0' || !recent.every((o) => o.ipython !== undefined)) return false;
  const outputs = recent.map((o) => o.ipython!);
  return consistentLineError(outputs) || INVALID.some((m) => consistentInvalidSyntax(outputs, m));
}

function monologueV0(events: StuckEvent[], n: number): boolean {
  // The last n agent messages, identical, with no observation between the first and the last.
  let seen = 0;
  let text = '';
  let observed = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.k === 'msg') {
      if (seen > 0 && e.text !== text) return false;
      text = e.text;
      if (++seen === n) return !observed;
    } else if (seen > 0 && (e.k === 'obs' || e.k === 'cond')) observed = true;
  }
  return false;
}

function monologueSdk(events: StuckEvent[], n: number): boolean {
  let count = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.k === 'msg') count++;
    else if (e.k === 'cond' || e.k === 'nudge')
      continue; // a condensation summary or an environment message does not break the monologue
    else break;
  }
  return count >= n;
}

function alternating(events: StuckEvent[], n: number, f: StuckFlavour): boolean {
  if (events.length < n) return false;
  const [acts, obs] = lastItems(events, n, f);
  if (acts.length < n || obs.length < n) return false;
  // Actions first: observations are keyed only when every action repeats.
  for (let i = 0; i + 2 < n; i++) if (keyOf(acts[i]) !== keyOf(acts[i + 2])) return false;
  for (let i = 0; i + 2 < n; i++) if (keyOf(obs[i]) !== keyOf(obs[i + 2])) return false;
  return true;
}

/** Scenario 5: among the last n condensations, two with nothing between them. */
function condensationLoop(events: StuckEvent[], n: number): boolean {
  if (events.length < n) return false;
  const at: number[] = [];
  for (let i = events.length - 1; i >= 0 && at.length < n; i--) if (events[i].k === 'cond') at.push(i);
  if (at.length < n) return false;
  for (let j = 0; j + 1 < at.length; j++) if (at[j] - at[j + 1] === 1) return true;
  return false;
}

/** Scenario 6: n empty agent messages in a row at the end. */
function emptyResponses(events: StuckEvent[], n: number): boolean {
  let count = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.k !== 'msg' || e.text.trim() !== '') break;
    count++;
  }
  return count >= n;
}

/** How many agent messages and condensations `events` holds, when known: scans for fewer are skipped. */
export interface StuckCounts {
  messages: number;
  condensations: number;
}

/** The first scenario that holds at the end of `events` (already windowed, user messages out). */
export function findStuck(events: StuckEvent[], t: StuckThresholds, counts?: StuckCounts): StuckFinding | null {
  if (events.length < Math.min(t.actionObservation, t.actionError, t.monologue)) return null;
  const f = t.flavour;
  const nudged = f === 'sdk' && t.actionErrorNudge;
  const [acts, obs] = lastItems(events, Math.max(t.actionObservation, t.actionError + (nudged ? 1 : 0)), f);
  const n1 = t.actionObservation;
  if (acts.length >= n1 && obs.length >= n1 && allSame(acts, n1) && allSame(obs, n1))
    return { scenario: 1, loopType: 'repeating_action_observation' };
  if (actionError(acts, obs, t)) return { scenario: 2, loopType: 'repeating_action_error' };
  const enoughMessages = !counts || counts.messages >= Math.min(t.monologue, t.emptyResponses || Infinity);
  if (enoughMessages && (f === 'v0' ? monologueV0(events, t.monologue) : monologueSdk(events, t.monologue)))
    return { scenario: 3, loopType: 'monologue' };
  if (alternating(events, t.alternatingPattern, f))
    return { scenario: 4, loopType: 'repeating_action_observation_pattern' };
  if (
    f === 'v0' &&
    t.condensations > 0 &&
    (!counts || counts.condensations >= t.condensations) &&
    condensationLoop(events, t.condensations)
  )
    return { scenario: 5, loopType: 'context_window_error' };
  if (f === 'v0' && t.emptyResponses > 0 && enoughMessages && emptyResponses(events, t.emptyResponses))
    return { scenario: 6, loopType: 'empty_response_loop' };
  return null;
}
