/**
 * The canonical model (DESIGN.md section 2). Every importer produces it, the engine consumes it.
 * Pure data: no classes, so it crosses the worker boundary and IndexedDB unchanged.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields a format carried that the model has no place for; kept so a round trip loses nothing. */
export type Extra = Record<string, unknown>;

export interface ToolResult {
  content: string;
  isError: boolean;
}

export interface ToolCall {
  /** 1..M across the whole transcript, in order. */
  index: number;
  /** The id the source format gave the call, if any. */
  id?: string;
  name: string;
  args: Json;
  result?: ToolResult;
  /** Worker id in a multi-agent run. */
  agent?: string;
  extra?: Extra;
}

export interface TokenUsage {
  input: number;
  output: number;
}

/** A user, system or tool-less message: not numbered, attached to the next assistant turn. */
export interface ContextMessage {
  role: 'user' | 'system';
  text: string;
  timestamp?: string;
  extra?: Extra;
}

export interface Turn {
  /** 1..N counting assistant turns only (the `turns_in_prompt` of seed 000). */
  index: number;
  text: string;
  calls: ToolCall[];
  tokens?: TokenUsage;
  timestamp?: string;
  agent?: string;
  /** Messages that came between the previous assistant turn and this one. */
  before?: ContextMessage[];
  extra?: Extra;
}

export type LabelKind = 'loop' | 'progress';

/** Inclusive span of turns: the ground truth for false positives and negatives. */
export interface Label {
  startTurn: number;
  endTurn: number;
  kind: LabelKind;
  note?: string;
  extra?: Extra;
}

export type JudgeModel = 'flash' | 'pro';

/** A recorded answer of the LLM judge at a turn (the `recorded` judge source). */
export interface JudgeRecord {
  turn: number;
  model: JudgeModel;
  confidence: number;
  analysis?: string;
  extra?: Extra;
}

export interface Transcript {
  title: string;
  /** Id of the importer that produced it (e.g. `loopscope-jsonl`, `openai-chat`). */
  format: string;
  source?: string;
  turns: Turn[];
  labels: Label[];
  judge: JudgeRecord[];
  /** Messages after the last assistant turn. */
  after?: ContextMessage[];
  /** Unknown fields of the meta line. */
  extra?: Extra;
}

/** One problem found while importing: the file, the line (or record) and the reason. */
export interface ImportWarning {
  file: string;
  line?: number;
  reason: string;
}

export function formatWarning(w: ImportWarning): string {
  return w.line === undefined ? `${w.file}: ${w.reason}` : `${w.file}:${w.line}: ${w.reason}`;
}

export function callCount(t: Transcript): number {
  let n = 0;
  for (const turn of t.turns) n += turn.calls.length;
  return n;
}
