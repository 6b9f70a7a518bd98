/**
 * The Loopscope JSONL reader, object by object: what each line's object becomes, synchronously.
 * The file parser (loopscope-jsonl.ts) feeds it parsed lines; the exported standalone module
 * (src/export) feeds it a run's assistant-line objects, so both build the same transcript.
 */
import type { ContextMessage, Extra, ImportWarning, JudgeRecord, Label, Transcript, Turn } from '../model/transcript';
import {
  finishTranscript,
  TurnNormalizer,
  type CallDraft,
  type TranscriptDraft,
  type TurnDraft,
} from '../model/normalize';
import { StringPool } from '../model/string-pool';

export const LOOPSCOPE_FORMAT = 'loopscope-jsonl';
export const LOOPSCOPE_VERSION = 1;

export const KNOWN_TYPES = ['meta', 'user', 'system', 'assistant', 'judge', 'label'];

type Obj = Record<string, unknown>;

/** A reason the line cannot be used; thrown inside the line parser and reported as a warning. */
export class LineProblem extends Error {}

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pickExtra(o: Obj, known: readonly string[]): Extra | undefined {
  let extra: Extra | undefined;
  for (const k of Object.keys(o)) {
    // defineProperty, not `extra[k] =`: a `__proto__` key is kept as data instead of setting the prototype.
    if (!known.includes(k))
      Object.defineProperty((extra ??= {}), k, { value: o[k], enumerable: true, writable: true, configurable: true });
  }
  return extra;
}

function optString(o: Obj, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new LineProblem(`"${key}" must be a string`);
  return v;
}

function needInt(o: Obj, key: string, min: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
    throw new LineProblem(`"${key}" must be an integer >= ${min}, got ${JSON.stringify(v) ?? 'nothing'}`);
  return v;
}

const CALL_KEYS = ['id', 'name', 'args', 'result', 'agent', 'rejected', 'textual'] as const;
const ASSISTANT_KEYS = ['type', 'text', 'calls', 'tokens', 'agent', 'timestamp'] as const;

function readCall(c: unknown, i: number): CallDraft {
  if (!isObj(c)) throw new LineProblem(`call ${i + 1} is not an object`);
  if (typeof c.name !== 'string' || c.name === '') throw new LineProblem(`call ${i + 1} has no "name"`);
  let result: CallDraft['result'];
  if (c.result !== undefined && c.result !== null) {
    if (!isObj(c.result)) throw new LineProblem(`call ${i + 1}: "result" must be an object`);
    // Its text is shared by the normaliser, as the line is read, so a repeated result's copy dies young.
    result = { content: c.result.content, isError: c.result.isError, inferred: c.result.inferred };
  }
  return {
    id: c.id === undefined ? undefined : String(c.id),
    name: c.name,
    args: c.args === undefined ? {} : c.args,
    result,
    agent: optString(c, 'agent'),
    rejected: c.rejected === true ? true : undefined,
    textual: c.textual === true ? true : undefined,
    extra: pickExtra(c, CALL_KEYS),
  };
}

function readAssistant(o: Obj): TurnDraft {
  if (o.calls !== undefined && !Array.isArray(o.calls)) throw new LineProblem('"calls" must be an array');
  if (o.text !== undefined && typeof o.text !== 'string') throw new LineProblem('"text" must be a string');
  let tokens: TurnDraft['tokens'];
  if (o.tokens !== undefined) {
    if (!isObj(o.tokens)) throw new LineProblem('"tokens" must be an object {input, output}');
    // An absent count is unknown, not 0 (the normaliser drops what is not a count).
    tokens = { input: o.tokens.input as number | undefined, output: o.tokens.output as number | undefined };
  }
  return {
    text: o.text ?? '',
    calls: ((o.calls as unknown[]) ?? []).map((c, i) => readCall(c, i)),
    tokens,
    agent: optString(o, 'agent'),
    timestamp: optString(o, 'timestamp'),
    extra: pickExtra(o, ASSISTANT_KEYS),
  };
}

function readContext(o: Obj, role: 'user' | 'system'): ContextMessage {
  if (o.text !== undefined && typeof o.text !== 'string') throw new LineProblem('"text" must be a string');
  return {
    role,
    text: (o.text as string | undefined) ?? '',
    timestamp: optString(o, 'timestamp'),
    extra: pickExtra(o, ['type', 'text', 'timestamp']),
  };
}

function readJudge(o: Obj): JudgeRecord {
  const turn = needInt(o, 'turn', 1);
  if (o.model !== 'flash' && o.model !== 'pro')
    throw new LineProblem(`"model" must be "flash" or "pro", got ${JSON.stringify(o.model) ?? 'nothing'}`);
  const c = o.confidence;
  if (typeof c !== 'number' || !(c >= 0 && c <= 1))
    throw new LineProblem(`"confidence" must be a number from 0 to 1, got ${JSON.stringify(c) ?? 'nothing'}`);
  return {
    turn,
    model: o.model,
    confidence: c,
    analysis: optString(o, 'analysis'),
    extra: pickExtra(o, ['type', 'turn', 'model', 'confidence', 'analysis']),
  };
}

function readLabel(o: Obj): Label {
  const startTurn = needInt(o, 'startTurn', 1);
  const endTurn = needInt(o, 'endTurn', 1);
  if (endTurn < startTurn) throw new LineProblem(`"endTurn" ${endTurn} is before "startTurn" ${startTurn}`);
  const kind = o.kind ?? 'loop';
  if (kind !== 'loop' && kind !== 'progress')
    throw new LineProblem(`"kind" must be "loop" or "progress", got ${JSON.stringify(kind)}`);
  return {
    startTurn,
    endTurn,
    kind,
    note: optString(o, 'note'),
    extra: pickExtra(o, ['type', 'startTurn', 'endTurn', 'kind', 'note']),
  };
}

interface Building {
  /** The envelope; its turns are normalised as they are read (`turns`), so no draft of them is kept. */
  draft: TranscriptDraft;
  turns: Turn[];
  normalizer: TurnNormalizer;
  pending: ContextMessage[];
  lines: number;
}

function newBuilding(src: string, pool: StringPool, warn: (reason: string) => void): Building {
  return {
    draft: { format: LOOPSCOPE_FORMAT, source: src, turns: [], labels: [], judge: [] },
    turns: [],
    normalizer: new TurnNormalizer(pool, warn),
    pending: [],
    lines: 0,
  };
}

/** Builds the transcripts of one file from its lines' objects, in order. */
export class LoopscopeReader {
  readonly warnings: ImportWarning[] = [];
  readonly done: Transcript[] = [];
  /** One pool for the file: transcripts of one file repeat each other's texts too. */
  private readonly pool = new StringPool();
  private cur: Building;
  /** The line being read, for the normaliser's warnings. */
  private lineNo = 0;
  private readonly warnTurn = (reason: string) => this.warnings.push({ file: this.file, line: this.lineNo, reason });

  constructor(private readonly file: string) {
    this.cur = newBuilding(file, this.pool, this.warnTurn);
  }

  /** Adds one line's object; a line that cannot be used is skipped with a warning naming it. */
  add(o: unknown, lineNo: number): void {
    this.lineNo = lineNo;
    try {
      this.read(o, lineNo);
      this.cur.lines++;
    } catch (e) {
      if (!(e instanceof LineProblem)) throw e;
      this.warnings.push({ file: this.file, line: lineNo, reason: e.message });
    }
  }

  /** The turns of the transcript being built, normalised as each line was read (a live run steps them). */
  get turnsSoFar(): readonly Turn[] {
    return this.cur.turns;
  }

  /** The judge answers of the transcript being built, in line order. */
  get judgeSoFar(): readonly JudgeRecord[] {
    return this.cur.draft.judge!;
  }

  /** Closes the transcript being built (call once, after the last line). */
  finish(): void {
    const cur = this.cur;
    if (cur.lines === 0) return;
    const d = cur.draft;
    if (cur.pending.length) d.after = cur.pending;
    const t = finishTranscript(d, cur.turns);
    for (const l of t.labels)
      if (l.endTurn > t.turns.length)
        this.warnings.push({
          file: this.file,
          reason: `label ${l.startTurn}-${l.endTurn} reaches past the last turn (${t.turns.length})`,
        });
    this.done.push(t);
  }

  private read(o: unknown, lineNo: number): void {
    const file = this.file;
    const warnings = this.warnings;
    if (!isObj(o)) throw new LineProblem('expected a JSON object');
    if (typeof o.type !== 'string') throw new LineProblem('missing "type"');
    const cur = this.cur;
    const d = cur.draft;
    switch (o.type) {
      case 'meta': {
        if (o.version !== undefined && o.version !== LOOPSCOPE_VERSION)
          throw new LineProblem(`unsupported version ${JSON.stringify(o.version)} (this reader knows version 1)`);
        if (cur.lines > 0) {
          this.finish();
          this.cur = newBuilding(file, this.pool, this.warnTurn);
        }
        this.cur.draft.title = optString(o, 'title');
        this.cur.draft.source = optString(o, 'source') ?? file;
        this.cur.draft.extra = pickExtra(o, ['type', 'version', 'title', 'source']);
        break;
      }
      case 'user':
      case 'system':
        cur.pending.push(readContext(o, o.type));
        break;
      case 'assistant': {
        const turn = readAssistant(o);
        // `1e999`: the app's parseJson already reads it as null and says so; a plain JSON.parse
        // (the standalone module) gives Infinity, kept as unknown and said here.
        for (const k of ['input', 'output'] as const) {
          const v = turn.tokens?.[k];
          if (typeof v === 'number' && !Number.isFinite(v)) {
            turn.tokens![k] = undefined;
            warnings.push({
              file,
              line: lineNo,
              reason: `"tokens.${k}" is not a finite number (${v}): kept as unknown`,
            });
          }
        }
        if (cur.pending.length) turn.before = cur.pending;
        cur.pending = [];
        cur.turns.push(cur.normalizer.turn(turn));
        break;
      }
      case 'judge':
        d.judge!.push(readJudge(o));
        break;
      case 'label':
        d.labels!.push(readLabel(o));
        break;
      default:
        throw new LineProblem(`unknown type ${JSON.stringify(o.type)} (known: ${KNOWN_TYPES.join(', ')})`);
    }
  }
}
