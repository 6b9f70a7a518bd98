/**
 * The doom-loop design's doom loop: the same fingerprint consecutively at the end of a sliding window of the
 * last 10 calls. Exact (name + canonical args) at >= 3; fuzzy (primary keys, bash file reads
 * normalised) at >= 4, consulted only when exact did not trigger. Nudge tiers by count: 3, 4-5,
 * 6+; after the critical nudge of a run, further calls of that run are blocked ("Further
 * identical calls will be rejected").
 *
 * The window only caps the count (a run of 15 reads as 10), so two run lengths are all the state.
 */
import { sameExact, sameNormExact } from '../call-view';
import type { DetectorDef } from '../params';
import type { CallView } from '../types';
import { formatMessage } from './message-templates';
import { RAW_TEXT_PARAM } from './raw-text';

export interface DoomLoopParams {
  [key: string]: number | boolean;
  windowSize: number;
  exactThreshold: number;
  fuzzyThreshold: number;
  warningAt: number;
  criticalAt: number;
  block: boolean;
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

/** The doom-loop design's three nudge texts, {tool} and {N} filled in. */
export function doomLoopNudge(tier: 1 | 2 | 3, tool: string, n: number): string {
  const key = tier === 3 ? 'doom-loop.critical' : tier === 2 ? 'doom-loop.warning' : 'doom-loop.nudge';
  return formatMessage(key, { tool, n });
}

export function doomLoopRejection(tool: string, n: number): string {
  return formatMessage('doom-loop.rejection', { tool, n });
}

export const doomLoop: DetectorDef<DoomLoopParams> = {
  id: 'doom-loop',
  title: 'Doom loop',
  origin: 'doom-loop design',
  summary:
    'Same call consecutively in the last 10: exact >= 3 or fuzzy (primary keys) >= 4; nudges at 3 / 4-5 / 6+, then rejection.',
  params: [
    { key: 'windowSize', label: 'Window (calls)', type: 'int', min: 2, max: 100, help: 'Caps the consecutive count.' },
    { key: 'exactThreshold', label: 'Exact threshold', type: 'int', min: 2, max: 100 },
    { key: 'fuzzyThreshold', label: 'Fuzzy threshold', type: 'int', min: 2, max: 100 },
    { key: 'warningAt', label: 'WARNING tier from', type: 'int', min: 2, max: 100 },
    { key: 'criticalAt', label: 'CRITICAL tier from', type: 'int', min: 2, max: 100 },
    { key: 'block', label: 'Reject calls after the critical nudge', type: 'boolean' },
    RAW_TEXT_PARAM,
  ],
  defaults: {
    windowSize: 10,
    exactThreshold: 3,
    fuzzyThreshold: 4,
    warningAt: 4,
    criticalAt: 6,
    block: true,
    rawText: false,
  },
  create(p) {
    let prev: CallView | null = null;
    let prevPrimary = '';
    let exactRun = 0;
    let primaryRun = 0;
    let criticalGiven = false;
    return {
      onCall(call, sink) {
        // The exact fingerprints compared without writing them (call-view.ts): the text is
        // written only for a nudge's pattern.
        const same = prev !== null && (p.rawText ? sameExact(prev, call) : sameNormExact(prev, call));
        const primary = p.rawText ? call.primary : call.normPrimary;
        exactRun = same ? Math.min(exactRun + 1, p.windowSize) : 1;
        primaryRun = primary === prevPrimary ? Math.min(primaryRun + 1, p.windowSize) : 1;
        prev = call;
        prevPrimary = primary;

        let n = 0;
        let fp = '';
        if (exactRun >= p.exactThreshold) {
          n = exactRun;
          fp = p.rawText ? call.exact : call.normExact;
        } else if (primaryRun >= p.fuzzyThreshold) {
          n = primaryRun;
          fp = primary;
        }
        // The rejection promise holds for the whole run of this (fuzzy) fingerprint, even where
        // the exact count takes over with a lower number.
        if (primaryRun === 1) criticalGiven = false;
        if (n === 0) return;
        sink.cycle(1, n);

        if (p.block && criticalGiven) {
          sink.emit({ action: 'block', level: 4, message: doomLoopRejection(call.name, primaryRun), pattern: [fp] });
          return;
        }
        if (n >= p.criticalAt) {
          criticalGiven = true;
          sink.emit({ action: 'warn', level: 3, message: doomLoopNudge(3, call.name, n), pattern: [fp] });
          return;
        }
        const tier = n >= p.warningAt ? 2 : 1;
        sink.emit({ action: 'warn', level: tier, message: doomLoopNudge(tier, call.name, n), pattern: [fp] });
      },
    };
  },
};
