/**
 * The canonical model (docs/design.md, section 2). Every importer produces it, the engine consumes it.
 * Pure data: no classes, so it crosses the worker boundary and IndexedDB unchanged.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields a format carried that the model has no place for; kept so a round trip loses nothing. */
export type Extra = Record<string, unknown>;

export interface ToolResult {
  content: string;
  isError: boolean;
  /**
   * Set when the format carried no error flag and `isError` was inferred from the text: the id
   * of the rule that decided (docs/formats.md, "Inferred errors"). Absent when the format said.
   */
  inferred?: string;
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
  /** The harness refused the call (unknown tool, missing parameters): it never ran. */
  rejected?: true;
  /** Written as text in the assistant message (`<function=…>`, fenced JSON), not a real call. */
  textual?: true;
  extra?: Extra;
}

/** Token counts; a count the source did not give (or gave as a placeholder 0) stays unknown. */
export interface TokenUsage {
  input?: number;
  output?: number;
}

/** Tokens of a turn, or undefined when neither count is known. */
export function turnTokenTotal(tokens: TokenUsage | undefined): number | undefined {
  if (!tokens || (tokens.input === undefined && tokens.output === undefined)) return undefined;
  return (tokens.input ?? 0) + (tokens.output ?? 0);
}

/** A user, system or tool-less message: not numbered, attached to the next assistant turn. */
export interface ContextMessage {
  role: 'user' | 'system';
  text: string;
  timestamp?: string;
  extra?: Extra;
}

export interface Turn {
  /** 1..N counting assistant turns only (the `turns_in_prompt` of Gemini CLI's LLM loop check). */
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
