import type { EngineConfig } from '../config';
import { opencode } from './opencode';

/**
 * Kilo Code's CLI (Kilo-Org/kilocode packages/opencode/src/session/processor.ts at
 * 00fb89850f0c506b24e2180c5988625e46aac3dd) keeps opencode's doom loop unchanged:
 * DOOM_LOOP_THRESHOLD 3, the last 3 parts of the assistant message tool parts of this tool with
 * the same JSON.stringify(input) → the `doom_loop` permission is asked. Its reasoning-only
 * handling needs stream events and a finish reason a transcript does not keep (docs/detectors.md).
 */
export const kiloCode: EngineConfig = {
  name: 'kilo-code',
  detectors: structuredClone(opencode.detectors),
};
