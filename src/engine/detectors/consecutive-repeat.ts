/**
 * The Crustly design: identical consecutive calls beyond a per-category threshold. The threshold
 * is the number of identical calls in a row that are allowed; the next one is refused. Worked
 * examples (ground truth): the 11th identical `ls` is blocked (exploration, 10), the 3rd identical
 * `write` is blocked (modification, 2), other tools at the 4th (3). The design's code sketch would
 * fire one call earlier (it counts the current call among the threshold); the examples win.
 * Only the last bufferSize calls before the current one are remembered, so a threshold above
 * bufferSize can never be reached (with the design's 15, every threshold up to 15 works).
 */
import type { Json } from '../../model/transcript';
import { sameExact, sameNormExact } from '../call-view';
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { RAW_TEXT_PARAM } from './raw-text';
import { formatMessage } from './message-templates';

export interface ConsecutiveRepeatParams {
  [key: string]: number | string | string[] | boolean;
  explorationTools: string[];
  explorationThreshold: number;
  modificationTools: string[];
  modificationThreshold: number;
  defaultThreshold: number;
  bufferSize: number;
  action: string;
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
  /** `full`: name + all arguments; `main-argument`: Crustly's `tool:main argument` signature. */
  signature: string;
}

const SHOWN_KEYS = ['path', 'file_path', 'command', 'pattern', 'query', 'url'];

/** Crustly's log signature `ls:src/nonexistent`: the tool and its main argument when there is one. */
export function crustlySignature(call: Pick<CallView, 'name' | 'args' | 'exact'>): string {
  const a: Json = call.args;
  if (typeof a === 'string') return `${call.name}:${a}`;
  if (a !== null && typeof a === 'object' && !Array.isArray(a))
    for (const k of SHOWN_KEYS) {
      const v = a[k];
      if (typeof v === 'string') return `${call.name}:${v}`;
    }
  return call.exact;
}

function lowerSet(names: string[]): Set<string> {
  return new Set(names.map((n) => n.toLowerCase()));
}

export const consecutiveRepeat: DetectorDef<ConsecutiveRepeatParams> = {
  id: 'consecutive-repeat',
  title: 'Consecutive repeat (per tool category)',
  origin: 'Crustly design',
  summary: 'Identical consecutive calls beyond a per-category threshold: exploration 10, modification 2, other 3.',
  params: [
    {
      key: 'explorationTools',
      label: 'Exploration tools',
      type: 'strings',
      help: 'Tool names (any case). Crustly: ls, glob, grep, read.',
    },
    { key: 'explorationThreshold', label: 'Exploration: allowed in a row', type: 'int', min: 1, max: 1000 },
    {
      key: 'modificationTools',
      label: 'Modification tools',
      type: 'strings',
      help: 'Tool names (any case). Crustly: write, edit, bash.',
    },
    { key: 'modificationThreshold', label: 'Modification: allowed in a row', type: 'int', min: 1, max: 1000 },
    { key: 'defaultThreshold', label: 'Other tools: allowed in a row', type: 'int', min: 1, max: 1000 },
    {
      key: 'bufferSize',
      label: 'Buffer (calls)',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'Calls remembered; a threshold above it can never be reached (Crustly: 15).',
    },
    {
      key: 'action',
      label: 'Action',
      type: 'enum',
      options: ['block', 'terminate', 'warn'],
      help: "block: the examples' ❌ BLOCKED; terminate: Crustly's code, which breaks its agent loop.",
    },
    RAW_TEXT_PARAM,
    {
      key: 'signature',
      label: 'Call signature',
      type: 'enum',
      options: ['full', 'main-argument'],
      help: "main-argument: Crustly's log signature, the tool and its main argument (write:src/config.rs): writes of one file with different content are the same call. full: name + all arguments.",
    },
  ],
  defaults: {
    explorationTools: ['ls', 'glob', 'grep', 'read'],
    explorationThreshold: 10,
    modificationTools: ['write', 'edit', 'bash'],
    modificationThreshold: 2,
    defaultThreshold: 3,
    bufferSize: 15,
    action: 'block',
    rawText: false,
    signature: 'full',
  },
  create(p) {
    const exploration = lowerSet(p.explorationTools);
    const modification = lowerSet(p.modificationTools);
    const action = p.action as Action;
    // The previous call, compared through the fingerprint hashes; the text is written only for a message.
    let last: CallView | null = null;
    const same: (a: CallView, b: CallView) => boolean =
      p.signature === 'main-argument'
        ? (a, b) => crustlySignature(a) === crustlySignature(b)
        : p.rawText
          ? sameExact
          : sameNormExact;
    let run = 0; // identical calls in a row ending with the previous call, at most bufferSize
    let level = 0;
    return {
      onCall(call, sink) {
        const prior = run > 0 && last !== null && same(last, call) ? run : 0;
        run = prior + 1 > p.bufferSize ? p.bufferSize : prior + 1;
        last = call;
        const name = call.name.toLowerCase();
        const kind = exploration.has(name) ? 'exploration' : modification.has(name) ? 'modification' : 'other';
        const threshold =
          kind === 'exploration'
            ? p.explorationThreshold
            : kind === 'modification'
              ? p.modificationThreshold
              : p.defaultThreshold;
        if (prior < threshold) return;
        level++;
        let message = formatMessage('consecutive-repeat', { signature: crustlySignature(call), count: prior });
        if (kind === 'exploration') message += formatMessage('consecutive-repeat.exploration', { count: prior });
        else if (kind === 'modification') message += formatMessage('consecutive-repeat.modification', { count: prior });
        sink.emit({ action, level, message, pattern: [p.rawText ? call.exact : call.normExact] });
      },
    };
  },
};
