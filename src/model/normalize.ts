/**
 * The one normaliser every importer and every stored record goes through (as excalidraw's
 * restore does): it numbers turns and calls, fills defaults, and coerces odd values so the
 * engine and the views never meet a partial shape.
 */
import { inferError, REJECTED_RULE } from './error-rules';
import { mayNestDeeperThan, nestedDeeperThan } from './json-depth';
import { StringPool } from './string-pool';
import { findTextualCalls, type TextualCallWarn } from './textual-calls';
import type {
  ContextMessage,
  Json,
  JudgeRecord,
  Label,
  TokenUsage,
  ToolCall,
  ToolResult,
  Transcript,
  Turn,
} from './transcript';

/**
 * A call as an importer gives it. `result.isError` undefined (or anything but a boolean) means
 * the format has no error flag for this result: the normaliser infers it (error-rules.ts).
 */
export type CallDraft = Omit<ToolCall, 'index' | 'args' | 'result'> & {
  args?: unknown;
  result?: { content?: unknown; isError?: unknown; inferred?: unknown } | ToolResult;
};

export type TurnDraft = Omit<Turn, 'index' | 'calls' | 'text' | 'tokens'> & {
  text?: unknown;
  calls?: CallDraft[];
  tokens?: Partial<TokenUsage>;
};

export type TranscriptDraft = Omit<Transcript, 'turns' | 'labels' | 'judge' | 'title'> & {
  title?: string;
  turns: TurnDraft[];
  labels?: Label[];
  judge?: JudgeRecord[];
};

/** Text of any value: strings stay, everything else becomes compact JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Only a value no importer lets through (a cycle, absurd nesting) gets here; String() of a
    // deeply nested array would overflow the stack again.
    return typeof value === 'object' ? '[value that cannot be shown as JSON]' : String(value);
  }
}

function asJson(value: unknown): Json {
  if (value === undefined) return {};
  if (typeof value === 'string') {
    // Formats that carry arguments as a JSON string (OpenAI tool_calls) are decoded here once.
    const trimmed = value.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(trimmed) as Json;
        // Absurdly nested arguments stay a string: the engine's recursive walks would overflow.
        return mayNestDeeperThan(trimmed) && nestedDeeperThan(parsed) ? value : parsed;
      } catch {
        return value;
      }
    }
    return value;
  }
  return value as Json;
}

function count(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * A flagged result (isError a boolean) keeps its flag, and its `inferred` when a stored record
 * says so (a re-import is never inferred twice). An unflagged one is inferred: a rejected call
 * is an error (`rejected`), otherwise the first matching rule of error-rules.ts, else no error.
 */
function resultOf(r: CallDraft['result'], rejected: boolean): ToolResult | undefined {
  if (r === undefined || r === null) return undefined;
  const content = asText(r.content);
  if (typeof r.isError !== 'boolean') {
    const rule = rejected ? REJECTED_RULE.id : inferError(content);
    return rule === undefined ? { content, isError: false } : { content, isError: true, inferred: rule };
  }
  const out: ToolResult = { content, isError: r.isError };
  const inferred = r.inferred;
  if (out.isError && typeof inferred === 'string' && inferred !== '') out.inferred = inferred;
  return out;
}

/** The normalised result, one object for equal results (StringPool.shareResult). */
function normalizeResult(r: CallDraft['result'], rejected: boolean, pool: StringPool): ToolResult | undefined {
  const out = resultOf(r, rejected);
  return out && pool.shareResult(out);
}

/** Text-written calls of a turn that has no real call (textual-calls.ts); none otherwise. */
function callDrafts(t: TurnDraft, warn?: TextualCallWarn): CallDraft[] {
  if (t.calls?.length) return t.calls;
  if (typeof t.text !== 'string') return [];
  const found = findTextualCalls(t.text, warn);
  return found.length ? found.map((c) => ({ name: c.name, args: c.args, textual: true })) : [];
}

/**
 * Unknown counts stay unknown. An input count of 0 is a placeholder, never a measurement: no
 * model answers without reading a prompt (OpenHands writes `prompt_tokens: 0` when it lost usage).
 */
function normalizeTokens(t: TurnDraft['tokens']): TokenUsage | undefined {
  if (!t) return undefined;
  const input = count(t.input) || undefined;
  const output = input === undefined && count(t.output) === 0 ? undefined : count(t.output);
  if (input === undefined && output === undefined) return undefined;
  return defined<TokenUsage>({}, { input, output });
}

/**
 * `{...base, ...fields}` without the keys whose value is undefined. Built key by key rather than
 * spread-then-`delete`: a `delete` turns the object into a slow dictionary, and a 200 MB import
 * has hundreds of thousands of turns and calls (it was half the import time).
 */
function defined<T>(base: object, fields: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(base)) {
    if (k in fields) continue;
    const v = (base as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  for (const k of Object.keys(fields)) {
    const v = fields[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}

/**
 * Normalises a transcript's turns one at a time, in order, numbering turns and calls as it goes:
 * an importer that reads turn by turn keeps no drafts (they die young instead of doubling the
 * transcript on the heap until the end of the parse). `pool` shares repeated texts (results,
 * tool names, turn texts; string-pool.ts) across the transcript.
 */
export class TurnNormalizer {
  private turns = 0;
  private calls = 0;

  /** `warn`: told, with the turn, why a call written in a turn's text was left out. */
  constructor(
    private readonly pool: StringPool = new StringPool(),
    private readonly warn?: (reason: string) => void,
  ) {}

  turn(t: TurnDraft): Turn {
    const pool = this.pool;
    const turnNo = this.turns + 1;
    const warn = this.warn && ((reason: string) => this.warn!(`turn ${turnNo}: ${reason}`));
    const calls: ToolCall[] = callDrafts(t, warn).map((c) =>
      defined<ToolCall>(c, {
        index: ++this.calls,
        name: typeof c.name === 'string' && c.name !== '' ? pool.share(c.name) : 'unknown',
        args: asJson(c.args),
        result: normalizeResult(c.result, c.rejected === true, pool),
        rejected: c.rejected === true ? true : undefined,
        textual: c.textual === true ? true : undefined,
      }),
    );
    return defined<Turn>(t, {
      index: ++this.turns,
      text: asText(t.text),
      calls,
      tokens: normalizeTokens(t.tokens),
      before: t.before?.length ? t.before.map(normalizeContext) : undefined,
    });
  }
}

/** The transcript around turns already normalised (TurnNormalizer); `draft.turns` is not read. */
export function finishTranscript(draft: Omit<TranscriptDraft, 'turns'>, turns: Turn[]): Transcript {
  return defined<Transcript>(draft, {
    title: draft.title?.trim() || 'Untitled transcript',
    turns,
    labels: draft.labels ?? [],
    judge: draft.judge ?? [],
    after: draft.after?.length ? draft.after.map(normalizeContext) : undefined,
  });
}

/** `pool`: an importer that shared texts while reading passes its pool, so what it shared stays shared. */
export function normalizeTranscript(
  draft: TranscriptDraft,
  pool: StringPool = new StringPool(),
  warn?: (reason: string) => void,
): Transcript {
  const n = new TurnNormalizer(pool, warn);
  return finishTranscript(
    draft,
    draft.turns.map((t) => n.turn(t)),
  );
}

function normalizeContext(m: ContextMessage): ContextMessage {
  return defined<ContextMessage>(m, { text: asText(m.text) });
}
