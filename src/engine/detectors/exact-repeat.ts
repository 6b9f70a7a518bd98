/**
 * The ChatLoop design, level 1: a call is a duplicate when copies of it (name + args) already in the window
 * number at least maxDuplicates. Default window 10, maxDuplicates 2 (third identical call fires).
 * The window is the last windowSize calls of the transcript: every call enters it, detected or
 * not (the design's sketch skips recording detected calls; in a replay they did happen).
 */
import { Escalation, Ring } from '../escalation';
import type { DetectorDef } from '../params';
import { sameExact, sameNormExact } from '../call-view';
import type { Action, CallView } from '../types';
import { chatloopMessage } from './chatloop-message';
import { formatMessage } from './message-templates';
import { RAW_TEXT_PARAM } from './raw-text';

export interface ExactRepeatParams {
  [key: string]: number | boolean | Action[];
  windowSize: number;
  maxDuplicates: number;
  actions: Action[];
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

export const exactRepeat: DetectorDef<ExactRepeatParams> = {
  id: 'exact-repeat',
  title: 'Exact repeat',
  origin: 'ChatLoop design, level 1',
  summary: 'Copies of this call (name + arguments) already in the window reach maxDuplicates.',
  params: [
    {
      key: 'windowSize',
      label: 'Window (calls)',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'Earlier calls the current one is compared with.',
    },
    {
      key: 'maxDuplicates',
      label: 'Max duplicates in window',
      type: 'int',
      min: 1,
      max: 100,
      help: 'Fires when this many copies are already in the window (2: the third identical call).',
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection takes the n-th action; the last repeats.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: { windowSize: 10, maxDuplicates: 2, actions: ['warn', 'warn', 'terminate'], rawText: false },
  create(p) {
    // Calls, compared through their fingerprint hashes; the text is written only for a message.
    const window = new Ring<CallView>(p.windowSize);
    const escalation = new Escalation(p.actions);
    const same = p.rawText ? sameExact : sameNormExact;
    return {
      onCall(call, sink) {
        let count = 0;
        for (let i = 0; i < window.length; i++) if (same(window.at(i)!, call)) count++;
        window.push(call);
        if (count < p.maxDuplicates) return;
        const fp = p.rawText ? call.exact : call.normExact;
        const { action, level } = escalation.next();
        const suggestion = formatMessage('exact-repeat.suggestion', { tool: call.name, count: count + 1 });
        sink.emit({
          action,
          level,
          message: chatloopMessage(action, formatMessage('exact-repeat.description', { tool: call.name }), suggestion),
          pattern: [fp],
        });
      },
    };
  },
};
