/**
 * Qwen Code's tool-call loop guards (QwenLM/qwen-code packages/core/src/services/
 * loopDetectionService.ts at 00aa71b4a0a37df1c392eb9b90e1c53d008fdce5), per prompt, in the
 * source's order. Always on: the same call `consecutiveThreshold` times in a row
 * (`checkToolCallLoop`), overview git inspections `shellInspectionThreshold` times in a row, and
 * the per-turn cap (past `turnCap` calls only with a call repeated `globalDuplicateThreshold`
 * times, always past 10 × `turnCap`). Heuristic (`heuristics`): one call
 * `globalDuplicateThreshold` times anywhere in the prompt, two calls alternating
 * `alternatingCycles` times, `fileReadThreshold` read-like calls among the last `fileReadWindow`
 * once a non-read tool has run, one tool name `sameNameThreshold` times in a row. The first
 * detection halts the turn; nothing more is detected until the next prompt. Calls of the
 * `statefulTools` (task_list) count only while their results stay the same.
 */
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { shellInspectionKey } from './git-inspection';
import { QwenState, type QwenLoopType } from './qwen-loop-state';
import { userMessageBefore } from './user-prompt';
import { formatMessage, QWEN_LOOP_REASONS } from './message-templates';

export interface QwenLoopParams {
  [key: string]: number | boolean | string[] | Action[];
  consecutiveThreshold: number;
  globalDuplicateThreshold: number;
  alternatingCycles: number;
  sameNameThreshold: number;
  fileReadThreshold: number;
  fileReadWindow: number;
  shellInspectionThreshold: number;
  turnCap: number;
  heuristics: boolean;
  readLikeTools: string[];
  readLikePrefixes: string[];
  statefulTools: string[];
  actions: Action[];
}

const MESSAGES: Record<QwenLoopType, string> = QWEN_LOOP_REASONS;

// Hard cap = soft cap × this, for the adaptive default cap (ADAPTIVE_CAP_HARD_MULTIPLIER).
const HARD_CAP_MULTIPLIER = 10;

export const qwenLoop: DetectorDef<QwenLoopParams> = {
  id: 'qwen-loop',
  title: 'Tool-call loop guards (Qwen Code)',
  origin: 'Qwen Code packages/core/src/services/loopDetectionService.ts',
  summary:
    'The same call 5 times in a row or 6 times in a prompt, A,B alternating 3 times, 8 reads among 15 calls, one tool 8 times in a row: the turn halts.',
  params: [
    { key: 'consecutiveThreshold', label: 'Identical calls in a row', type: 'int', min: 2, max: 1000 },
    { key: 'globalDuplicateThreshold', label: 'One call anywhere in the prompt', type: 'int', min: 2, max: 1000 },
    { key: 'alternatingCycles', label: 'A,B cycles', type: 'int', min: 2, max: 100 },
    { key: 'sameNameThreshold', label: 'One tool name in a row', type: 'int', min: 2, max: 1000 },
    { key: 'fileReadThreshold', label: 'Read-like calls in the window', type: 'int', min: 1, max: 1000 },
    { key: 'fileReadWindow', label: 'Read window (calls)', type: 'int', min: 1, max: 1000 },
    { key: 'shellInspectionThreshold', label: 'Overview git inspections in a row', type: 'int', min: 2, max: 1000 },
    {
      key: 'turnCap',
      label: 'Calls per turn (soft cap)',
      type: 'int',
      min: 1,
      max: 100000,
      help: 'model.maxToolCallsPerTurn unset: past it only with a call repeated, always past 10 times it.',
    },
    {
      key: 'heuristics',
      label: 'Heuristic guards',
      type: 'boolean',
      help: "Off: skipLoopDetection, the CLI's default (only the consecutive, git inspection and cap guards, which are always on).",
    },
    { key: 'readLikeTools', label: 'Read-like tools', type: 'strings' },
    { key: 'readLikePrefixes', label: 'Read-like name prefixes', type: 'strings' },
    {
      key: 'statefulTools',
      label: 'Stateful read tools',
      type: 'strings',
      help: 'Identical calls count only while their results stay the same (task_list).',
    },
    { key: 'actions', label: 'Actions per detection', type: 'actions' },
  ],
  defaults: {
    consecutiveThreshold: 5,
    globalDuplicateThreshold: 6,
    alternatingCycles: 3,
    sameNameThreshold: 8,
    fileReadThreshold: 8,
    fileReadWindow: 15,
    shellInspectionThreshold: 8,
    turnCap: 100,
    heuristics: true,
    readLikeTools: ['read_file', 'read_many_files', 'list_directory', 'zoom_image'],
    readLikePrefixes: ['read_', 'list_'],
    statefulTools: ['task_list'],
    actions: ['terminate'],
  },
  create(p, env) {
    const readLike = new Set(p.readLikeTools);
    const isReadLike = (name: string) => readLike.has(name) || p.readLikePrefixes.some((x) => name.startsWith(x));
    const stateful = new Set(p.statefulTools);
    let s = new QwenState();
    let level = 0;

    function alwaysOn(c: CallView, key: string, isStateful: boolean): QwenLoopType | null {
      if (isStateful) s.statefulKeys.add(key);
      else s.trackCapKey(key);
      if (s.checkToolCallLoop(key, isStateful, p.consecutiveThreshold)) return 'consecutive_identical_tool_calls';
      const shellKey = shellInspectionKey(c.name, c.args);
      if (shellKey === null) {
        s.lastShellKey = null;
        s.shellStreak = 0;
      } else {
        s.shellStreak = s.lastShellKey === shellKey ? s.shellStreak + 1 : 1;
        s.lastShellKey = shellKey;
        if (s.shellStreak >= p.shellInspectionThreshold) return 'shell_command_stagnation';
      }
      s.total++;
      if (s.total <= p.turnCap) return null;
      const stuck = s.capMaxKeyRepeat >= p.globalDuplicateThreshold;
      return s.total > p.turnCap * HARD_CAP_MULTIPLIER || stuck ? 'turn_tool_call_cap' : null;
    }

    function heuristic(c: CallView, key: string, isStateful: boolean): QwenLoopType | null {
      s.trackCall(c.name, isReadLike(c.name), p.fileReadWindow);
      if (isStateful) s.statefulInFlight.set(key, (s.statefulInFlight.get(key) ?? 0) + 1);
      // Every check runs (each keeps its own history); the last that holds names the loop.
      const found: QwenLoopType[] = [];
      if (!isStateful && s.countGlobal(key) >= p.globalDuplicateThreshold) found.push('global_tool_call_duplicate');
      if (s.checkAlternating(key, p.alternatingCycles)) found.push('alternating_tool_call_pattern');
      if (s.hasSeenNonRead && s.recentReads.length >= p.fileReadThreshold) {
        if (s.recentReads.filter(Boolean).length >= p.fileReadThreshold) found.push('read_file_loop');
      }
      if (s.sameNameStreak >= p.sameNameThreshold) found.push('action_stagnation');
      return found.length ? found[found.length - 1] : null;
    }

    return {
      onTurn(turn) {
        if (userMessageBefore(env.transcript, turn.index)) s = new QwenState();
      },
      onCall(c, sink) {
        if (s.loopDetected) return;
        const key = c.exact;
        const isStateful = stateful.has(c.name);
        let type = alwaysOn(c, key, isStateful) ?? (p.heuristics ? heuristic(c, key, isStateful) : null);
        if (type === null && isStateful && c.result) {
          const repeats = s.recordStatefulResult(c.name, key, c.resultFp, p.alternatingCycles);
          if (p.heuristics && repeats >= p.globalDuplicateThreshold) type = 'global_tool_call_duplicate';
        }
        if (type === null) return;
        s.loopDetected = true;
        level++;
        sink.emit({
          action: p.actions[Math.min(level - 1, p.actions.length - 1)],
          level,
          message: formatMessage('qwen-loop', { type, reason: MESSAGES[type] }),
          pattern: [key],
        });
      },
    };
  },
};
