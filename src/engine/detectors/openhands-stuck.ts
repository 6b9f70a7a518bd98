/**
 * OpenHands' StuckDetector, ported scenario by scenario (stuck-scenarios.ts). The check runs
 * where OpenHands runs it, before each agent step: after every call's observation and after
 * every text-only turn. Comparisons, as in the source:
 * - actions: tool name + arguments, and the thought (the turn's text, on its first call) when
 *   `compareThought` is on (V0 compares the dataclass, thought included; the SDK compares
 *   `thought` explicitly); in `v0`, two IPython cells that both call `edit_file_by_replace(` by
 *   their first 3 lines only, thought ignored (`_eq_no_pid`);
 * - observations: the result (error flag + content); in `v0`, a shell result (CmdOutputObservation)
 *   by command + exit code only, the output ignored. The transcript keeps the exit code as the
 *   error flag (0 or not), so that is what is compared. An IPython result
 *   (IPythonRunCellObservation) carries its cell's code, so the code is compared too;
 * - errors (scenario 2): in `v0`, ErrorObservation: an error result that is not a shell result;
 *   in `sdk`, AgentErrorEvent: any error result.
 */
import type { Transcript, Turn } from '../../model/transcript';
import type { DetectorDef } from '../params';
import type { Action, CallView, DetectorSink } from '../types';
import { describeCall } from './cycle';
import { isCondensation, isRealUserMessage, StuckHistory, type StuckEvent } from './stuck-history';
import { actionErrorStreak, findStuck, type StuckFlavour } from './stuck-scenarios';
import { formatMessage, OPENHANDS_SCENARIOS } from './message-templates';

export interface OpenhandsStuckParams {
  [key: string]: number | boolean | string | string[] | Action[];
  flavour: string;
  actionObservation: number;
  actionError: number;
  monologue: number;
  alternatingPattern: number;
  condensations: number;
  emptyResponses: number;
  actionErrorNudge: boolean;
  sinceLastUser: boolean;
  scanEvents: number;
  compareThought: boolean;
  shellTools: string[];
  ipythonTools: string[];
  rawText: boolean;
  actions: Action[];
}

/** stuck.py `_eq_no_pid`: IPython cells calling this skill are compared by their first 3 lines. */
const EDIT_SKILL = 'edit_file_by_replace(';

// Events kept when the whole history is scanned (scanEvents 0): enough for every scenario at
// thresholds up to 100; an older message or condensation is forgotten.
const KEEP = 512;

function turnAt(t: Transcript, index: number): Turn | undefined {
  const guess = t.turns[index - 1];
  return guess?.index === index ? guess : t.turns.find((x) => x.index === index);
}

function lastAction(call: CallView | undefined): string {
  return call ? formatMessage('openhands-stuck.last-action', { call: describeCall(call) }) : '';
}

export const openhandsStuck: DetectorDef<OpenhandsStuckParams> = {
  id: 'openhands-stuck',
  title: 'OpenHands StuckDetector',
  origin: 'OpenHands stuck.py / software-agent-sdk stuck_detector.py',
  summary:
    "Exact port of OpenHands' stuck detection: repeated action-observation pairs, repeated errors, monologue, alternating pairs, condensation and empty-response loops.",
  params: [
    {
      key: 'flavour',
      label: 'Source',
      type: 'enum',
      options: ['v0', 'sdk'],
      help: 'v0: openhands/controller/stuck.py (scenarios 1-6). sdk: the software-agent-sdk detector (scenarios 1-4, monologue without identical text, errors are any error result).',
    },
    { key: 'actionObservation', label: 'Identical action-observation pairs', type: 'int', min: 1, max: 100 },
    { key: 'actionError', label: 'Identical actions ending in errors', type: 'int', min: 1, max: 100 },
    { key: 'monologue', label: 'Agent messages (monologue)', type: 'int', min: 1, max: 100 },
    {
      key: 'alternatingPattern',
      label: 'Alternating pattern (actions)',
      type: 'int',
      min: 3,
      max: 100,
      help: 'The last N actions and N observations, each equal to the one two steps before.',
    },
    {
      key: 'condensations',
      label: 'Condensations looked at (v0)',
      type: 'int',
      min: 0,
      max: 100,
      help: 'Scenario 5 needs condensations recorded in the transcript (extra.condensation); 0 turns it off.',
    },
    {
      key: 'emptyResponses',
      label: 'Empty responses in a row (v0)',
      type: 'int',
      min: 0,
      max: 100,
      help: '0 turns scenario 6 off.',
    },
    {
      key: 'actionErrorNudge',
      label: 'Nudge at the action-error threshold (sdk)',
      type: 'boolean',
      help: 'The SDK after its PR #4332: the same action ending in errors N times gets one nudge (a warning), N + 1 times is stuck.',
    },
    {
      key: 'sinceLastUser',
      label: 'Only events after the last user message',
      type: 'boolean',
      help: 'Off: v0 headless mode (all history, user messages left out). On: interactive v0 and the SDK.',
    },
    {
      key: 'scanEvents',
      label: 'Events scanned',
      type: 'int',
      min: 0,
      max: 1000,
      help: 'The SDK reads only the last 20 events (then those after the last user message); 0 reads the whole history.',
    },
    { key: 'compareThought', label: 'Actions compare the thought too', type: 'boolean' },
    {
      key: 'shellTools',
      label: 'Shell tools (v0: compared by command + exit code)',
      type: 'strings',
    },
    { key: 'ipythonTools', label: 'IPython tools (v0: syntax-error rule)', type: 'strings' },
    {
      key: 'rawText',
      label: 'Compare raw text',
      type: 'boolean',
      help: 'On (the source): arguments and results compared as recorded. Off: through the observation normaliser.',
    },
    { key: 'actions', label: 'Actions per detection', type: 'actions' },
  ],
  defaults: {
    flavour: 'v0',
    actionObservation: 4,
    actionError: 3,
    monologue: 3,
    alternatingPattern: 6,
    condensations: 10,
    emptyResponses: 3,
    actionErrorNudge: false,
    sinceLastUser: false,
    scanEvents: 0,
    compareThought: true,
    shellTools: ['execute_bash', 'run'],
    ipythonTools: ['execute_ipython_cell', 'run_ipython'],
    rawText: true,
    actions: ['terminate'],
  },
  create(p, env) {
    const flavour = p.flavour as StuckFlavour;
    const shell = new Set(p.shellTools);
    const ipython = new Set(p.ipythonTools);
    const window = p.scanEvents > 0 ? p.scanEvents : 0;
    const history = new StuckHistory(window > 0 ? window : KEEP);
    const t = { ...p, flavour };
    let thought = '';
    let level = 0;
    let stuckCount = 0;
    const nudges = flavour === 'sdk' && p.actionErrorNudge;
    let lastNudged: StuckEvent | undefined;

    /** local_conversation.py `_check_stuck_or_nudge`: the nudge first; when it fires, no stuck check. */
    function nudge(events: StuckEvent[], sink: DetectorSink, call?: CallView): boolean {
      const { streak, error } = actionErrorStreak(events, t);
      if (streak !== p.actionError || error === lastNudged) return false;
      lastNudged = error;
      history.push({ k: 'nudge' });
      level++;
      sink.emit({
        action: 'warn',
        level,
        message: formatMessage('openhands-stuck.nudge', { count: p.actionError }) + lastAction(call),
      });
      return true;
    }

    function check(sink: DetectorSink, call?: CallView): void {
      let events = history.events;
      if (window > 0) {
        events = events.slice(-window);
        let lastUser = -1;
        for (let i = events.length - 1; i >= 0; i--)
          if (events[i].k === 'user') {
            lastUser = i;
            break;
          }
        events = events.slice(lastUser + 1);
      }
      if (nudges && nudge(events, sink, call)) return;
      // Counts hold for the whole history, which the scans read when there is no window.
      const found = findStuck(events, t, window > 0 ? undefined : history);
      if (!found) return;
      level++;
      stuckCount++;
      const action = p.actions[Math.min(stuckCount - 1, p.actions.length - 1)];
      sink.emit({
        action,
        level,
        message:
          formatMessage('openhands-stuck.stuck', {
            loopType: found.loopType,
            scenario: found.scenario,
            text: OPENHANDS_SCENARIOS[found.scenario],
          }) + lastAction(call),
      });
    }

    /** The code of an IPython cell (v0), as compared: raw or normalised. */
    function cellCode(c: CallView): string | undefined {
      if (flavour !== 'v0' || !ipython.has(c.name)) return undefined;
      const a = p.rawText ? c.args : c.normArgs;
      if (a === null || typeof a !== 'object' || Array.isArray(a)) return undefined;
      return typeof a.code === 'string' ? a.code : undefined;
    }

    // A cell of 2 lines or fewer calling the edit skill equals nothing, itself included
    // (`len(obj1.code.split('\n')) > 2`): each gets a key of its own.
    let shortEdits = 0;

    function actionKey(c: CallView, withThought: string): string {
      const code = cellCode(c);
      if (code?.includes(EDIT_SKILL)) {
        const lines = code.split('\n');
        return lines.length > 2
          ? `\u0000edit\u0000${lines.slice(0, 3).join('\n')}`
          : `\u0000edit-short\u0000${shortEdits++}`;
      }
      const base = p.rawText ? c.exact : c.normExact;
      return p.compareThought ? `${base}\u0000${withThought}` : base;
    }

    function observation(c: CallView): StuckEvent | undefined {
      const result = c.result;
      if (!result) return undefined;
      if (flavour === 'v0' && shell.has(c.name))
        return { k: 'obs', call: c, shell: true, raw: p.rawText, error: false, ipython: undefined };
      const code = cellCode(c);
      const ipy = flavour === 'v0' && ipython.has(c.name) ? result.content : undefined;
      // An IPython cell's output is an IPythonRunCellObservation, never an ErrorObservation.
      return {
        k: 'obs',
        call: c,
        shell: false,
        raw: p.rawText,
        error: result.isError && ipy === undefined,
        ipython: ipy,
        code,
      };
    }

    return {
      onTurn(turn, sink) {
        const before = turnAt(env.transcript, turn.index)?.before ?? [];
        for (const m of before) {
          if (isCondensation(m)) history.push({ k: 'cond' });
          // Headless v0 leaves user messages out. Otherwise the history restarts after one; with a
          // window (the SDK) the message is kept, so the window is cut at it after it is taken.
          else if (p.sinceLastUser && (flavour === 'v0' ? isRealUserMessage(m) : m.role === 'user')) {
            if (window > 0) history.push({ k: 'user' });
            else history.clear();
          }
        }
        thought = turn.text;
        if (turn.callCount > 0) return;
        history.push({ k: 'msg', text: turn.text });
        check(sink);
      },
      onCall(call, sink) {
        history.push({ k: 'act', key: actionKey(call, thought) });
        thought = ''; // later calls of the same response carry no thought
        const obs = observation(call);
        if (obs) history.push(obs);
        check(sink, call);
      },
    };
  },
};
