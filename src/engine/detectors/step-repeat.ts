/**
 * Crush's loop detection (charmbracelet/crush internal/agent/loop_detection.go at
 * 248fc9c0a0c9bff328d4568652de2c79970a611a): after each step (one model response and its tool
 * results) the agent's StopWhen looks at the last `windowSize` steps of the run — none before it
 * has that many — and stops the run when one step signature appears more than `maxRepeats` times.
 * A step's signature is every call of the step in order: name, input as sent, output (a step
 * without calls has none and is not counted, though it takes a place in the window). The steps
 * are those of one run, which a user prompt starts.
 */
import type { DetectorDef } from '../params';
import type { Action, DetectorSink } from '../types';
import { userMessageBefore } from './user-prompt';
import { formatMessage } from './message-templates';

export interface StepRepeatParams {
  [key: string]: number | boolean | Action[];
  windowSize: number;
  maxRepeats: number;
  compareResults: boolean;
  resetOnUserPrompt: boolean;
  actions: Action[];
}

export const stepRepeat: DetectorDef<StepRepeatParams> = {
  id: 'step-repeat',
  title: 'Repeated step in a window (Crush)',
  origin: 'Crush internal/agent/loop_detection.go',
  summary: "One step's calls (name, input, output) more than N times among the last W steps stops the run.",
  params: [
    { key: 'windowSize', label: 'Window (steps)', type: 'int', min: 1, max: 1000 },
    {
      key: 'maxRepeats',
      label: 'Repeats allowed in the window',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'Crush: 5, so the 6th identical step in the last 10 stops the run.',
    },
    {
      key: 'compareResults',
      label: 'Outputs are part of the signature',
      type: 'boolean',
      help: 'On in Crush (getToolInteractionSignature pairs each call with its result).',
    },
    { key: 'resetOnUserPrompt', label: 'Reset on a user message', type: 'boolean' },
    { key: 'actions', label: 'Actions per detection', type: 'actions' },
  ],
  defaults: { windowSize: 10, maxRepeats: 5, compareResults: true, resetOnUserPrompt: true, actions: ['terminate'] },
  create(p, env) {
    let steps: string[] = [];
    let parts: string[] = [];
    let names: string[] = [];
    let expected = 0;
    let level = 0;
    // The tool names of each step signature seen in this run, for the message.
    const labels = new Map<string, string>();

    function endStep(sig: string, sink: DetectorSink) {
      steps.push(sig);
      if (sig !== '' && !labels.has(sig)) {
        if (labels.size > 4096) labels.clear();
        labels.set(sig, names.join(', '));
      }
      if (steps.length > 4 * p.windowSize) steps = steps.slice(-p.windowSize);
      if (steps.length < p.windowSize) return;
      const counts = new Map<string, number>();
      let hit = '';
      for (const s of steps.slice(-p.windowSize)) {
        if (s === '') continue;
        const n = (counts.get(s) ?? 0) + 1;
        counts.set(s, n);
        if (n > p.maxRepeats) {
          hit = s;
          break;
        }
      }
      if (hit === '') return;
      level++;
      sink.emit({
        action: p.actions[Math.min(level - 1, p.actions.length - 1)],
        level,
        message: formatMessage('step-repeat', { step: labels.get(hit)!, max: p.maxRepeats, window: p.windowSize }),
      });
    }

    return {
      onTurn(turn, sink) {
        if (p.resetOnUserPrompt && userMessageBefore(env.transcript, turn.index)) {
          steps = [];
          labels.clear();
        }
        expected = turn.callCount;
        parts = [];
        names = [];
        if (expected === 0) endStep('', sink);
      },
      onCall(call, sink) {
        names.push(call.name);
        const output = p.compareResults ? (call.result?.content ?? '') : '';
        parts.push(`${call.name}\u0000${JSON.stringify(call.args)}\u0000${output}\u0000`);
        if (parts.length === expected) endStep(parts.join(''), sink);
      },
    };
  },
};
