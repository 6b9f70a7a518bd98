/**
 * Shared bookkeeping for message-style importers (OpenAI, Anthropic, Responses, Codex, Gemini,
 * OTel): context messages wait for the next assistant turn, results find the call they answer
 * by id (or, in formats without ids, by name and order), and every orphan is reported.
 */
import type { ContextMessage, Extra, ImportWarning, Transcript, Turn } from '../model/transcript';
import {
  finishTranscript,
  normalizeTranscript,
  TurnNormalizer,
  type CallDraft,
  type TranscriptDraft,
  type TurnDraft,
} from '../model/normalize';
import { promptTask } from '../model/task-text';

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value when it is a non-empty string. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A finite number, also from the numeric strings OTLP JSON uses for 64-bit integers. */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A line that is only an XML-ish tag: `<uploaded_files>`, `</issue>`, `<br/>`. */
const TAG_LINE = /^<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>$/;

/**
 * The lines a title may come from: template wrappers skipped. Blocks that open the text
 * (`<uploaded_files>…</uploaded_files>`, one line or several) are context, not the task; when
 * nothing follows them, the last such block holds the task (`<issue>…</issue>` alone).
 */
function taskLines(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trim());
  let i = 0;
  let lastBlock: string[] = [];
  for (;;) {
    while (i < lines.length && lines[i] === '') i++;
    const open = /^<([A-Za-z][\w.:-]*)(\s[^<>]*)?>/.exec(lines[i] ?? '');
    if (!open) break;
    const close = `</${open[1]}>`;
    let end = i;
    while (end < lines.length && !lines[end].endsWith(close)) end++;
    if (end === lines.length) break; // never closed: not a wrapper
    const inner = lines.slice(i, end + 1);
    inner[0] = inner[0].slice(open[0].length);
    inner[inner.length - 1] = inner[inner.length - 1].slice(0, -close.length);
    lastBlock = inner;
    i = end + 1;
  }
  const rest = lines.slice(i).filter((l) => l !== '' && !TAG_LINE.test(l));
  return rest.length ? rest : lastBlock.map((l) => l.trim()).filter((l) => l !== '' && !TAG_LINE.test(l));
}

/**
 * First line of the task, whitespace collapsed, cut to `max` characters: a title a user
 * recognises. The harness's template is unwrapped (model/task-text.ts): the task block's first
 * line comes first, then the repository folder it runs in (`Fix the parser · django__django__4.0`),
 * so runs of one benchmark do not all read as the template's opening words. Template tags and
 * the wrapper blocks that open a prompt are skipped.
 */
export function titleFrom(text: string | undefined, max = 80): string | undefined {
  if (!text) return undefined;
  const { task, where } = promptTask(text);
  const line = taskLines(task)[0];
  if (!line) return undefined;
  const flat = line.replace(/\s+/g, ' ');
  const suffix = where ? ` · ${cut(where.replace(/\s+/g, ' '), 32)}` : '';
  return cut(flat, max - suffix.length) + suffix;
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Unix seconds (OpenAI `created`) to ISO 8601. */
export function isoFromSeconds(v: unknown): string | undefined {
  const n = num(v);
  const d = n === undefined ? undefined : new Date(n * 1000);
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

export class TranscriptBuilder {
  readonly turns: TurnDraft[] = [];
  private pending: ContextMessage[] = [];
  private byId = new Map<string, CallDraft>();
  private open: CallDraft[] = [];
  /** Line reported with warnings (the JSON Lines record being read), if any. */
  line?: number;
  /** Turns added by `completeTurn`, normalised; its normaliser. */
  private readonly committed: Turn[] = [];
  private normalizer?: TurnNormalizer;

  constructor(
    readonly file: string,
    readonly warnings: ImportWarning[],
  ) {}

  warn(reason: string): void {
    this.warnings.push(
      this.line === undefined ? { file: this.file, reason } : { file: this.file, line: this.line, reason },
    );
  }

  /** A user or system message; empty text is dropped (a tool-only user message has none). */
  context(role: ContextMessage['role'], text: string, timestamp?: string, extra?: Extra): void {
    if (text.trim() === '') return;
    const m: ContextMessage = { role, text };
    if (timestamp) m.timestamp = timestamp;
    if (extra) m.extra = extra;
    this.pending.push(m);
  }

  /** Starts an assistant turn; the waiting context messages become its `before`. */
  turn(fields: Omit<TurnDraft, 'calls' | 'before'> = {}): TurnDraft {
    const t: TurnDraft = { ...fields, calls: [] };
    for (const k of Object.keys(t) as (keyof TurnDraft)[]) if (t[k] === undefined) delete t[k];
    if (this.pending.length) t.before = this.pending;
    this.pending = [];
    this.turns.push(t);
    return t;
  }

  last(): TurnDraft | undefined {
    return this.turns[this.turns.length - 1];
  }

  /** The current turn, or a new empty one when results or calls arrive before any turn. */
  lastOrNew(): TurnDraft {
    return this.last() ?? this.turn();
  }

  hasPending(): boolean {
    return this.pending.length > 0;
  }

  call(turn: TurnDraft, c: CallDraft): CallDraft {
    for (const k of Object.keys(c) as (keyof CallDraft)[]) if (c[k] === undefined) delete c[k];
    turn.calls!.push(c);
    if (c.id !== undefined) {
      if (this.byId.has(c.id)) this.warn(`call id ${JSON.stringify(c.id)} is used twice; results go to the later call`);
      this.byId.set(c.id, c);
    }
    if (!c.result) this.open.push(c);
    return c;
  }

  callById(id: string): CallDraft | undefined {
    return this.byId.get(id);
  }

  /**
   * Attaches a result to the call it answers: by id when the format has ids, otherwise to the
   * oldest unanswered call of that name (or the oldest unanswered call). Orphans are reported.
   */
  /** `isError` undefined: the format gave no flag for this result; the normaliser infers it. */
  answer(
    id: string | undefined,
    name: string | undefined,
    content: unknown,
    isError: boolean | undefined,
    what: string,
  ): boolean {
    let c = id !== undefined ? this.byId.get(id) : undefined;
    if (c === undefined && id === undefined) c = this.open.find((o) => name === undefined || o.name === name);
    if (c === undefined) {
      this.warn(
        id !== undefined
          ? `${what} answers call id ${JSON.stringify(id)}, which no assistant turn made; skipped`
          : `${what} answers no open call${name ? ` named ${JSON.stringify(name)}` : ''}; skipped`,
      );
      return false;
    }
    if (c.result) {
      this.warn(`${what}: call ${JSON.stringify(c.id ?? c.name)} already has a result; this later one is skipped`);
      return false;
    }
    c.result = { content, isError };
    const i = this.open.indexOf(c);
    if (i !== -1) this.open.splice(i, 1);
    return true;
  }

  /** The first user message (that `accept` allows), for a title. */
  firstUserText(accept: (text: string) => boolean = () => true): string | undefined {
    for (const t of this.turns) for (const m of t.before ?? []) if (m.role === 'user' && accept(m.text)) return m.text;
    return this.pending.find((m) => m.role === 'user' && accept(m.text))?.text;
  }

  isEmpty(): boolean {
    return this.turns.length === 0 && this.pending.length === 0;
  }

  /**
   * Adds a turn that is complete when read (no result arrives later), normalised at once so no
   * draft is kept: a run of a million steps then never holds a million drafts beside the parsed
   * file and the normalised turns. The waiting context messages become its `before`. A builder
   * takes either these or `turn()`, not both.
   */
  completeTurn(t: TurnDraft): void {
    if (this.pending.length) t.before = this.pending;
    this.pending = [];
    this.normalizer ??= new TurnNormalizer(undefined, (reason) => this.warn(reason));
    this.committed.push(this.normalizer.turn(t));
  }

  build(meta: Omit<TranscriptDraft, 'turns' | 'after'>): Transcript {
    const d: TranscriptDraft = { ...meta, turns: this.turns };
    if (this.pending.length) d.after = this.pending;
    for (const k of Object.keys(d) as (keyof TranscriptDraft)[]) if (d[k] === undefined) delete d[k];
    if (!this.normalizer) return normalizeTranscript(d, undefined, (reason) => this.warn(reason));
    return finishTranscript(d, this.committed);
  }
}
