/**
 * `opencode` against sst/opencode packages/opencode/src/session/processor.ts at
 * 31e22f65a23c498639b8cef24b90e6ae193cdcb6 (DOOM_LOOP_THRESHOLD = 3; the last 3 parts of the
 * assistant message, the current call included): 2, 3 and 4 identical calls in one response.
 */
import { describe } from 'vitest';
import { doomLoopCases } from './doom-loop-cases.test-util';

describe('preset opencode (doom loop)', () => doomLoopCases('opencode'));
