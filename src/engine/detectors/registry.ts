/** Every detector definition, in the order of docs/detectors.md. */
import type { DetectorDef } from '../params';
import type { DetectorId } from '../types';
import { exactRepeat } from './exact-repeat';
import { pattern } from './pattern';
import { similarArgs } from './similar-args';
import { sameResult } from './same-result';
import { consecutiveRepeat } from './consecutive-repeat';
import { cycle } from './cycle';
import { doomLoop } from './doom-loop';
import { testFix } from './test-fix';
import { bashFailureCascade } from './bash-failure-cascade';
import { summaryLoop } from './summary-loop';
import { globalDoomLoop } from './global-doom-loop';
import { llmJudge } from './llm-judge';
import { contentChanting } from './content-chanting';
import { noProgress } from './no-progress';
import { openhandsStuck } from './openhands-stuck';
import { toolLoop } from './tool-loop';
import { batchRepeat } from './batch-repeat';
import { stuckLoop } from './stuck-loop';
import { identicalStreak } from './identical-streak';
import { stepRepeat } from './step-repeat';
import { qwenLoop } from './qwen-loop';
import { hermesGuard } from './hermes-guard';

// Each definition is typed with its own params; the registry only needs the common shape.
export const DETECTOR_DEFS: DetectorDef[] = [
  exactRepeat as unknown as DetectorDef,
  pattern as unknown as DetectorDef,
  similarArgs as unknown as DetectorDef,
  sameResult as unknown as DetectorDef,
  consecutiveRepeat as unknown as DetectorDef,
  cycle as unknown as DetectorDef,
  doomLoop as unknown as DetectorDef,
  testFix as unknown as DetectorDef,
  bashFailureCascade as unknown as DetectorDef,
  summaryLoop as unknown as DetectorDef,
  globalDoomLoop as unknown as DetectorDef,
  llmJudge as unknown as DetectorDef,
  contentChanting as unknown as DetectorDef,
  noProgress as unknown as DetectorDef,
  openhandsStuck as unknown as DetectorDef,
  toolLoop as unknown as DetectorDef,
  batchRepeat as unknown as DetectorDef,
  stuckLoop as unknown as DetectorDef,
  identicalStreak as unknown as DetectorDef,
  stepRepeat as unknown as DetectorDef,
  qwenLoop as unknown as DetectorDef,
  hermesGuard as unknown as DetectorDef,
];

export function detectorDef(id: DetectorId): DetectorDef | undefined {
  return DETECTOR_DEFS.find((d) => d.id === id);
}
