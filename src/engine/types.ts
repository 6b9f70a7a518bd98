/** Shapes shared by the detectors, the replay and the evaluation (docs/design.md, section 4). */
import type { Json, JudgeModel, JudgeRecord, TokenUsage, ToolResult, Transcript } from '../model/transcript';
import type { JudgeCache } from './judge/request';

export const DETECTOR_IDS = [
  'exact-repeat',
  'pattern',
  'similar-args',
  'same-result',
  'consecutive-repeat',
  'cycle',
  'doom-loop',
  'test-fix',
  'bash-failure-cascade',
  'summary-loop',
  'global-doom-loop',
  'llm-judge',
  'content-chanting',
  'no-progress',
  'openhands-stuck',
  'tool-loop',
  'batch-repeat',
  'stuck-loop',
  'identical-streak',
  'step-repeat',
  'qwen-loop',
  'hermes-guard',
] as const;

export type DetectorId = (typeof DETECTOR_IDS)[number];

/** warn: a message is injected, the call runs; block: this call is refused; terminate: the run stops. */
export type Action = 'warn' | 'block' | 'terminate';

export const ACTION_RANK: Record<Action, number> = { warn: 1, block: 2, terminate: 3 };

export interface DetectorEvent {
  turn: number;
  /** Absent on turn-level events (summary loop, judge, content chanting). */
  call?: number;
  detector: DetectorId;
  action: Action;
  /** Escalation step of this detector: 1 for its first response, 2 for the next, ... */
  level: number;
  message: string;
  /** The repeated calls or fingerprints, for display. */
  pattern?: string[];
  /** The event comes after the run's first terminate: it would not have happened. */
  afterStop?: boolean;
}

/** One tool call as the detectors see it: fingerprints are computed once and shared. */
export interface CallView {
  turn: number;
  index: number;
  name: string;
  args: Json;
  result?: ToolResult;
  agent?: string;
  /** Tool name + canonical JSON of the arguments (keys sorted at every depth). */
  exact: string;
  /**
   * The key of `exact` (call-key.ts), known without writing it: a hash and a size (near
   * exact.length) that equal fingerprints share, so calls are told apart without their text
   * (sameExact compares the arguments when the keys are equal).
   */
  exactHash: number;
  exactSize: number;
  /** The doom-loop design's structural fingerprint: primary keys only, bash file reads normalised. */
  primary: string;
  /** Result fingerprint: isError + content (hashed when long); '' when there is no result. */
  resultFp: string;
  /**
   * The same, through the observation normaliser (observation.ts: volatile tokens masked,
   * whitespace tidied). Detectors compare these unless their `rawText` param is on.
   */
  normArgs: Json;
  /** How the argument strings stand with the normaliser, short ones looked at only (same-norm-args.ts argsClean). */
  argsClean: number;
  normExact: string;
  normPrimary: string;
  /** The normalised result text; undefined when there is no result. */
  normResult: string | undefined;
  normResultFp: string;
}

export interface TurnView {
  index: number;
  text: string;
  callCount: number;
  tokens?: TokenUsage;
  agent?: string;
}

export interface JudgeCheck {
  turn: number;
  model: JudgeModel;
  /** null: the model was unavailable (no recorded answer). */
  confidence: number | null;
  /** The interval in force after this check. */
  nextInterval: number;
  source: 'recorded' | 'heuristic' | 'openai-compatible';
  /** openai-compatible only: no cached answer yet (the endpoint was never asked for this history). */
  notAsked?: true;
}

export interface CycleSample {
  turn: number;
  call: number;
  detector: DetectorId;
  period: number;
  repetitions: number;
}

/** What a detector may do while it is fed: emit events and report chart data. */
export interface DetectorSink {
  emit(e: { action: Action; level: number; message: string; pattern?: string[]; turn?: number; call?: number }): void;
  cycle(period: number, repetitions: number): void;
  check(c: Omit<JudgeCheck, 'turn'> & { turn?: number }): void;
}

export interface Detector {
  /** Called when an assistant turn starts, before its calls. */
  /** `turn` is valid during the call only: the replay fills the same view again for the next turn. */
  onTurn?(turn: TurnView, sink: DetectorSink): void;
  onCall?(call: CallView, sink: DetectorSink): void;
}

/** Read-only facts of the transcript a detector may need beyond the call stream. */
export interface DetectorEnv {
  transcript: Transcript;
  judge: JudgeRecord[];
  /** Answers of a user-configured judge endpoint (llm-judge source `openai-compatible`). */
  judgeCache?: JudgeCache;
}
