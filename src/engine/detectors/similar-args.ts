/**
 * Seed 001, level 3 (designed, not built, in ChatLoop): earlier calls in the window with the same
 * tool name and `arguments_similarity > threshold` number at least maxSimilar. Identical calls
 * count too (similarity 1). The similarity is the seed's recursive one (json-similarity.ts), with
 * the same threshold for object fields (the seed hard-codes 0.8 in both places).
 * Two options of ours, off by default (the seed's rule): `ignoreIdentical` and `sameResult`
 * narrow it to near-identical retries that change nothing (the `recommended` preset).
 */
import { Escalation } from '../escalation';
import { similarityAbove } from '../json-similarity';
import type { Json } from '../../model/transcript';
import type { DetectorDef } from '../params';
import type { Action } from '../types';
import { ADVICE, chatloopMessage } from './chatloop-message';

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
}

export const similarArgs: DetectorDef<SimilarArgsParams> = {
  id: 'similar-args',
  title: 'Similar arguments',
  origin: 'seed 001, level 3',
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
      help: 'Similar means strictly above this (seed: 0.8), for the whole call and for each object field.',
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
      help: 'Off in seed 001. On: only near-identical retries count, exact repeats are left to the exact detectors.',
    },
    {
      key: 'sameResult',
      label: 'Same result required',
      type: 'boolean',
      help: 'Off in seed 001. On: an earlier similar call counts only if it got exactly the same result (retries that change nothing).',
    },
  ],
  defaults: {
    windowSize: 10,
    maxSimilar: 2,
    threshold: 0.8,
    actions: ['warn', 'warn', 'terminate'],
    ignoreIdentical: false,
    sameResult: false,
  },
  create(p) {
    const cap = p.windowSize;
    const names: string[] = new Array<string>(cap).fill('');
    const exacts: string[] = new Array<string>(cap).fill('');
    const args: Json[] = new Array<Json>(cap).fill(null);
    // The result of each call in the window (sameResult): text, or null for no result; and isError.
    const results: (string | null)[] = new Array<string | null>(cap).fill(null);
    const errors: boolean[] = new Array<boolean>(cap).fill(false);
    const pending = new Int32Array(cap);
    let size = 0;
    let next = 0;
    const t = p.threshold;
    const escalation = new Escalation(p.actions);
    return {
      onCall(call, sink) {
        // Identical calls score 1 without walking the arguments; the others are compared only
        // while they can still change the outcome (all of them once it fires: exact count).
        let count = 0;
        let open = 0;
        const r = call.result;
        const text = r ? r.content : null;
        const isError = r ? r.isError : false;
        for (let i = 0; i < size; i++) {
          if (names[i] !== call.name) continue;
          // A call without a result never has "the same result".
          if (p.sameResult && (text === null || results[i] !== text || errors[i] !== isError)) continue;
          if (exacts[i] === call.exact) {
            if (!p.ignoreIdentical) count++;
          } else pending[open++] = i;
        }
        for (let c = 0; c < open && count + (open - c) >= p.maxSimilar; c++)
          if (similarityAbove(args[pending[c]], call.args, t, t) > t) count++;
        names[next] = call.name;
        exacts[next] = call.exact;
        args[next] = call.args;
        results[next] = text;
        errors[next] = isError;
        next = next + 1 === cap ? 0 : next + 1;
        if (size < cap) size++;
        if (count < p.maxSimilar) return;
        const { action, level } = escalation.next();
        const suggestion = `The tool '${call.name}' has been called ${count + 1} times with similar arguments. ${ADVICE}`;
        sink.emit({
          action,
          level,
          message: chatloopMessage(action, `similar arguments to '${call.name}'`, suggestion),
          pattern: [call.exact],
        });
      },
    };
  },
};
