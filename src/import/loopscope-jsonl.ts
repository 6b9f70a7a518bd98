/**
 * Loopscope transcript format v1 (`.loop.jsonl`, DESIGN.md section 3): one JSON object per line.
 * A malformed line is skipped with a warning naming its line; a `meta` line after content starts
 * the next transcript of the same file.
 */
import type { ContextMessage, Extra, ImportWarning, JudgeRecord, Label, Transcript } from '../model/transcript';
import { normalizeTranscript, type CallDraft, type TranscriptDraft, type TurnDraft } from '../model/normalize';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';
import { jsonProblem, parseJson } from './json-parse';

export const LOOPSCOPE_FORMAT = 'loopscope-jsonl';
export const LOOPSCOPE_VERSION = 1;

const KNOWN_TYPES = ['meta', 'user', 'system', 'assistant', 'judge', 'label'];

type Obj = Record<string, unknown>;

/** A reason the line cannot be used; thrown inside the line parser and reported as a warning. */
class LineProblem extends Error {}

function isObj(v: unknown): v is Obj {
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
    calls: ((o.calls as unknown[]) ?? []).map(readCall),
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
  draft: TranscriptDraft;
  pending: ContextMessage[];
  lines: number;
}

function newBuilding(src: string): Building {
  return { draft: { format: LOOPSCOPE_FORMAT, source: src, turns: [], labels: [], judge: [] }, pending: [], lines: 0 };
}

export async function parseLoopscopeJsonl(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  const done: Transcript[] = [];
  let cur = newBuilding(file);
  let lineNo = 0;
  let blank = 0;

  const finish = () => {
    if (cur.lines === 0) return;
    const d = cur.draft;
    if (cur.pending.length) d.after = cur.pending;
    const t = normalizeTranscript(d);
    for (const l of t.labels)
      if (l.endTurn > t.turns.length)
        warnings.push({
          file,
          reason: `label ${l.startTurn}-${l.endTurn} reaches past the last turn (${t.turns.length})`,
        });
    done.push(t);
  };

  for await (const raw of src.lines()) {
    lineNo++;
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    const line = raw.trim();
    if (line === '') {
      blank++;
      continue;
    }
    try {
      let o: unknown;
      try {
        o = parseJson(line, { file, warnings, line: lineNo });
      } catch (e) {
        throw new LineProblem(jsonProblem(e));
      }
      if (!isObj(o)) throw new LineProblem('expected a JSON object');
      if (typeof o.type !== 'string') throw new LineProblem('missing "type"');
      const d = cur.draft;
      switch (o.type) {
        case 'meta': {
          if (o.version !== undefined && o.version !== LOOPSCOPE_VERSION)
            throw new LineProblem(`unsupported version ${JSON.stringify(o.version)} (this reader knows version 1)`);
          if (cur.lines > 0) {
            finish();
            cur = newBuilding(file);
          }
          cur.draft.title = optString(o, 'title');
          cur.draft.source = optString(o, 'source') ?? file;
          cur.draft.extra = pickExtra(o, ['type', 'version', 'title', 'source']);
          break;
        }
        case 'user':
        case 'system':
          cur.pending.push(readContext(o, o.type));
          break;
        case 'assistant': {
          const turn = readAssistant(o);
          // `1e999` arrives as null (unknown), said by parseJson: it used to become 0 silently.
          if (cur.pending.length) turn.before = cur.pending;
          cur.pending = [];
          d.turns.push(turn);
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
      cur.lines++;
    } catch (e) {
      if (!(e instanceof LineProblem)) throw e;
      warnings.push({ file, line: lineNo, reason: e.message });
    }
  }
  finish();
  if (done.length === 0) {
    const why =
      lineNo === blank
        ? 'the file is empty'
        : `none of its ${lineNo} lines could be read (first problem, line ${warnings[0]?.line}: ${warnings[0]?.reason})`;
    throw new ImportError(file, `nothing readable as Loopscope JSONL: ${why}`);
  }
  return { format: LOOPSCOPE_FORMAT, transcripts: done, warnings };
}

export const loopscopeJsonlImporter: Importer = {
  id: LOOPSCOPE_FORMAT,
  label: 'Loopscope JSONL',
  matchesName: (name) => /\.loop\.jsonl$/i.test(name),
  sniff(head) {
    const first = head.split('\n').find((l) => l.trim() !== '');
    if (first === undefined) return 'the file is empty';
    try {
      const o = JSON.parse(first) as unknown;
      if (isObj(o) && typeof o.type === 'string' && KNOWN_TYPES.includes(o.type)) return null;
      return 'the first line has no Loopscope "type" (meta, user, system, assistant, judge, label)';
    } catch {
      return 'the first line is not a JSON object';
    }
  },
  parse: parseLoopscopeJsonl,
};
