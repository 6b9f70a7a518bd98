/**
 * The ChatLoop design, level 3 (designed, not built, in ChatLoop): earlier calls in the window with the same
 * tool name and `arguments_similarity > threshold` number at least maxSimilar. Identical calls
 * count too (similarity 1). The similarity is the design's recursive one (json-similarity.ts), with
 * the same threshold for object fields (the design hard-codes 0.8 in both places).
 * Two options of ours, off by default (the design's rule): `ignoreIdentical` and `sameResult`
 * narrow it to near-identical retries that change nothing (the `recommended` preset).
 */
import { sameNormExact } from '../call-view';
import { Escalation } from '../escalation';
import { similarityAbove } from '../json-similarity';
import { LevenshteinScratch } from '../similarity';
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { RAW_TEXT_PARAM } from './raw-text';
import { chatloopMessage } from './chatloop-message';
import { formatMessage } from './message-templates';

export interface SimilarArgsParams {
  [key: string]: number | boolean | Action[];
  windowSize: number;
  maxSimilar: number;
  threshold: number;
  actions: Action[];
  /** Identical calls do not count: only near-identical retries (exact repeats are other detectors' job). */
  ignoreIdentical: boolean;
  /** Only earlier calls that got exactly the same result count (same isError and text). */
  sameResult: boolean;
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

export const similarArgs: DetectorDef<SimilarArgsParams> = {
  id: 'similar-args',
  title: 'Similar arguments',
  origin: 'ChatLoop design, level 3',
  summary:
    'Same tool, argument similarity above the threshold (recursive normalised Levenshtein), maxSimilar times in the window.',
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
      key: 'maxSimilar',
      label: 'Max similar calls in window',
      type: 'int',
      min: 1,
      max: 100,
      help: 'Fires when this many similar calls are already in the window.',
    },
    {
      key: 'threshold',
      label: 'Similarity threshold',
      type: 'number',
      min: 0,
      max: 0.99,
      step: 0.01,
      help: 'Similar means strictly above this (ChatLoop design: 0.8), for the whole call and for each object field.',
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection takes the n-th action; the last repeats.',
    },
    {
      key: 'ignoreIdentical',
      label: 'Ignore identical calls',
      type: 'boolean',
      help: 'Off in the ChatLoop design. On: only near-identical retries count, exact repeats are left to the exact detectors.',
    },
    {
      key: 'sameResult',
      label: 'Same result required',
      type: 'boolean',
      help: 'Off in the ChatLoop design. On: an earlier similar call counts only if it got exactly the same result (retries that change nothing).',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: {
    windowSize: 10,
    maxSimilar: 2,
    threshold: 0.8,
    actions: ['warn', 'warn', 'terminate'],
    ignoreIdentical: false,
    sameResult: false,
    rawText: false,
  },
  create(p) {
    const cap = p.windowSize;
    const window: (CallView | null)[] = new Array<CallView | null>(cap).fill(null);
    const pending = new Int32Array(cap);
    // Per pending candidate: 1 when its result still has to be compared normalised.
    const checkResult = new Uint8Array(cap);
    let size = 0;
    let next = 0;
    const t = p.threshold;
    const raw = p.rawText;
    const scratch = new LevenshteinScratch();
    const escalation = new Escalation(p.actions);
    return {
      onCall(call, sink) {
        // Identical calls score 1 without walking the arguments; the others are compared only
        // while they can still change the outcome (all of them once it fires: exact count).
        // Results are normalised only for candidates whose raw texts differ and whose
        // arguments are similar: most comparisons never normalise a result.
        let count = 0;
        let open = 0;
        const r = call.result;
        for (let i = 0; i < size; i++) {
          const prev = window[i]!;
          if (prev.name !== call.name) continue;
          let unsure = 0;
          if (p.sameResult) {
            // A call without a result never has "the same result".
            const pr = prev.result;
            if (!r || !pr || pr.isError !== r.isError) continue;
            if (pr.content !== r.content) {
              if (raw) continue;
              unsure = 1;
              // Short results (`Wrote 2048 bytes to a.ts`) are compared before long arguments:
              // the candidate counts only if both match, so the order changes nothing else.
              if (pr.content.length + r.content.length < prev.exact.length + call.exact.length) {
                if (prev.normResult !== call.normResult) continue;
                unsure = 0;
              }
            }
          }
          if (raw ? prev.exact === call.exact : sameNormExact(prev, call)) {
            if (p.ignoreIdentical) continue;
            if (!unsure || prev.normResult === call.normResult) count++;
          } else {
            checkResult[open] = unsure;
            pending[open++] = i;
          }
        }
        for (let c = 0; c < open && count + (open - c) >= p.maxSimilar; c++) {
          const prev = window[pending[c]]!;
          if (
            similarityAbove(raw ? prev.args : prev.normArgs, raw ? call.args : call.normArgs, t, t, scratch) > t &&
            (!checkResult[c] || prev.normResult === call.normResult)
          )
            count++;
        }
        window[next] = call;
        next = next + 1 === cap ? 0 : next + 1;
        if (size < cap) size++;
        if (count < p.maxSimilar) return;
        const { action, level } = escalation.next();
        const suggestion = formatMessage('similar-args.suggestion', { tool: call.name, count: count + 1 });
        sink.emit({
          action,
          level,
          message: chatloopMessage(action, formatMessage('similar-args.description', { tool: call.name }), suggestion),
          pattern: [raw ? call.exact : call.normExact],
        });
      },
    };
  },
};
