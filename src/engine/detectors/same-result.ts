/**
 * The ChatLoop design, level 4 (designed, not built, in ChatLoop): earlier results in the window with the
 * same isError and `result_similarity > threshold` number at least maxSimilarResults. Results from
 * any tool count ("different calls, same outcome"). Calls without a result are skipped and do not
 * enter the window: the window is the last windowSize results. Our option `errorsOnly` (off by
 * default) compares failed calls only: the same error again and again (the `recommended` preset).
 */
import { Escalation } from '../escalation';
import type { DetectorDef } from '../params';
import { ResultSlot, resultPrefilter, resultSimilarityAbove } from '../result-similarity';
import { LevenshteinScratch } from '../similarity';
import type { Action } from '../types';
import { chatloopMessage } from './chatloop-message';
import { formatMessage } from './message-templates';
import { RAW_TEXT_PARAM } from './raw-text';

export interface SameResultParams {
  [key: string]: number | boolean | Action[];
  windowSize: number;
  maxSimilarResults: number;
  threshold: number;
  actions: Action[];
  /** Only failed calls are compared (and enter the window): the same error again and again. */
  errorsOnly: boolean;
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

export const sameResult: DetectorDef<SameResultParams> = {
  id: 'same-result',
  title: 'Same result',
  origin: 'ChatLoop design, level 4',
  summary: 'Results similar above the threshold with the same isError, maxSimilarResults times in the window.',
  params: [
    {
      key: 'windowSize',
      label: 'Window (results)',
      type: 'int',
      min: 1,
      max: 1000,
      help: "Earlier results the current one is compared with (the ChatLoop design's max_history).",
    },
    {
      key: 'maxSimilarResults',
      label: 'Max similar results in window',
      type: 'int',
      min: 1,
      max: 100,
      help: 'Fires when this many similar results are already in the window.',
    },
    {
      key: 'threshold',
      label: 'Similarity threshold',
      type: 'number',
      min: 0,
      max: 0.99,
      step: 0.01,
      help: 'Similar means strictly above this (ChatLoop design: 0.9); JSON results use it for each field too.',
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection takes the n-th action; the last repeats.',
    },
    {
      key: 'errorsOnly',
      label: 'Errors only',
      type: 'boolean',
      help: 'Off in the ChatLoop design. On: only failed calls are compared, so a repeated success (a poll, a sleep) is never a loop.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: {
    windowSize: 10,
    maxSimilarResults: 2,
    threshold: 0.9,
    actions: ['warn', 'warn', 'terminate'],
    errorsOnly: false,
    rawText: false,
  },
  create(p) {
    // One spare slot: the current result is filled in before the oldest one is dropped.
    const cap = p.windowSize + 1;
    const slots: ResultSlot[] = [];
    for (let i = 0; i < cap; i++) slots.push(new ResultSlot());
    const pending = new Int32Array(cap);
    let size = 0;
    let head = 0; // slot of the next result
    const t = p.threshold;
    const scratch = new LevenshteinScratch();
    const escalation = new Escalation(p.actions);
    return {
      onCall(call, sink) {
        const r = call.result;
        if (!r || (p.errorsOnly && !r.isError)) return;
        const cur = slots[head];
        // Normalised lazily: only the results this detector looks at (errors only, with errorsOnly).
        cur.set(p.rawText ? r.content : call.normResult!, r.isError);
        // Cheap filters first; the full comparisons run only while they can still change the
        // outcome (and all of them once it fires, so the message's count is exact).
        let count = 0;
        let open = 0;
        for (let back = 1; back <= size; back++) {
          const slot = (head - back + cap) % cap;
          const s = slots[slot];
          if (s.isError !== r.isError) continue;
          const f = resultPrefilter(cur, s, t);
          if (f > 0) count++;
          else if (f === 0) pending[open++] = slot;
        }
        for (let c = 0; c < open && count + (open - c) >= p.maxSimilarResults; c++)
          if (resultSimilarityAbove(cur, slots[pending[c]], t, scratch) > t) count++;
        head = head + 1 === cap ? 0 : head + 1;
        if (size < p.windowSize) size++;
        if (count < p.maxSimilarResults) return;
        const { action, level } = escalation.next();
        const kind = r.isError ? 'errors' : 'results';
        const earlier = `${count} earlier ${count === 1 ? kind.slice(0, -1) : kind}`;
        const suggestion = formatMessage('same-result.suggestion', { tool: call.name, earlier });
        sink.emit({
          action,
          level,
          message: chatloopMessage(action, formatMessage('same-result.description', { kind }), suggestion),
          pattern: [p.rawText ? call.resultFp : call.normResultFp],
        });
      },
    };
  },
};
