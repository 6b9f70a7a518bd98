/** Writes the canonical model as Loopscope JSONL v1: what `convert` prints and exports save. */
import type { ContextMessage, ToolCall, Transcript, Turn } from '../model/transcript';
import { LOOPSCOPE_VERSION } from './loopscope-jsonl';

type Obj = Record<string, unknown>;

/** Known fields win over extras of the same name; undefined fields are left out. */
function line(known: Obj, extra?: Obj): string {
  const o: Obj = { ...extra };
  for (const [k, v] of Object.entries(known)) if (v !== undefined) o[k] = v;
  // `type` first so the file reads well.
  return JSON.stringify({ type: o.type, ...o });
}

function contextLine(m: ContextMessage): string {
  return line({ type: m.role, text: m.text, timestamp: m.timestamp }, m.extra);
}

function callObj(c: ToolCall): Obj {
  const o: Obj = { ...c.extra };
  if (c.id !== undefined) o.id = c.id;
  o.name = c.name;
  o.args = c.args;
  if (c.result)
    o.result =
      c.result.inferred === undefined
        ? { content: c.result.content, isError: c.result.isError }
        : { content: c.result.content, isError: c.result.isError, inferred: c.result.inferred };
  if (c.agent !== undefined) o.agent = c.agent;
  if (c.rejected) o.rejected = true;
  if (c.textual) o.textual = true;
  return o;
}

function assistantLine(t: Turn): string {
  return line(
    {
      type: 'assistant',
      text: t.text === '' ? undefined : t.text,
      calls: t.calls.length ? t.calls.map(callObj) : undefined,
      tokens: t.tokens,
      agent: t.agent,
      timestamp: t.timestamp,
    },
    t.extra,
  );
}

export function* loopscopeJsonlLines(t: Transcript): Generator<string> {
  yield line({ type: 'meta', version: LOOPSCOPE_VERSION, title: t.title, source: t.source }, t.extra);
  const judgeByTurn = new Map<number, Transcript['judge']>();
  for (const j of t.judge) {
    const list = judgeByTurn.get(j.turn) ?? [];
    list.push(j);
    judgeByTurn.set(j.turn, list);
  }
  for (const turn of t.turns) {
    for (const m of turn.before ?? []) yield contextLine(m);
    yield assistantLine(turn);
    for (const j of judgeByTurn.get(turn.index) ?? [])
      yield line(
        { type: 'judge', turn: j.turn, model: j.model, confidence: j.confidence, analysis: j.analysis },
        j.extra,
      );
    judgeByTurn.delete(turn.index);
  }
  for (const m of t.after ?? []) yield contextLine(m);
  // Judge lines for turns past the end are kept rather than dropped.
  for (const list of judgeByTurn.values())
    for (const j of list)
      yield line(
        { type: 'judge', turn: j.turn, model: j.model, confidence: j.confidence, analysis: j.analysis },
        j.extra,
      );
  for (const l of t.labels)
    yield line({ type: 'label', startTurn: l.startTurn, endTurn: l.endTurn, kind: l.kind, note: l.note }, l.extra);
}

export function writeLoopscopeJsonl(transcripts: Transcript | Transcript[]): string {
  const list = Array.isArray(transcripts) ? transcripts : [transcripts];
  let out = '';
  for (const t of list) for (const l of loopscopeJsonlLines(t)) out += l + '\n';
  return out;
}
