/**
 * One inspect_ai `EvalSample` -> one canonical transcript. Schema (UKGovernmentBEIS/inspect_ai):
 *   src/inspect_ai/log/_log.py            EvalLog{version, status, eval: EvalSpec{task, model, ...},
 *                                         samples[]: EvalSample{id, epoch, messages, output, events,
 *                                         attachments, error, limit}}
 *   src/inspect_ai/model/_chat_message.py ChatMessage{role, content: str | Content[], id, source};
 *                                         assistant.tool_calls[{id, function, arguments, parse_error}];
 *                                         tool{tool_call_id, function, error: {type, message} | null}
 *                                         (legacy `tool_error` string)
 *   events[event="model"]                 output.usage{input_tokens, output_tokens} and timestamps per
 *                                         generate call; output.choices[0].message.id names the message.
 * Long strings may be stored once in `attachments` and referenced as "attachment://<key>".
 * Newer logs pool the inputs of model events (src/inspect_ai/event/_pool.py, commit 028fc32c72e0):
 * `events_data.messages` is the pool and a model event's `input_refs` are [start, end) ranges into
 * it. A sample without messages (events only) is rebuilt from its last model event: its input and
 * the message it generated.
 */
import type { ContextMessage, ImportWarning, Transcript } from '../model/transcript';
import { asText, normalizeTranscript, type CallDraft, type TurnDraft } from '../model/normalize';

export const INSPECT_FORMAT = 'inspect-ai';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** What the log header says about the run (EvalSpec). */
export interface EvalInfo {
  task?: string;
  model?: string;
}

export function evalInfo(log: unknown): EvalInfo {
  const spec = isObj(log) && isObj(log.eval) ? log.eval : {};
  return { task: str(spec.task), model: str(spec.model) };
}

/** Expands [start, end) ranges into a pool (inspect_ai `_expand_refs`); bad ranges give nothing. */
export function expandRefs(refs: unknown[], pool: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const r of refs) {
    if (!Array.isArray(r) || typeof r[0] !== 'number' || typeof r[1] !== 'number') continue;
    out.push(...pool.slice(r[0], r[1]));
  }
  return out;
}

/** The input a model event was given: inline `input`, else `input_refs` into the sample's pool. */
function modelInput(e: Obj, sample: Obj): unknown[] {
  if (Array.isArray(e.input) && e.input.length) return e.input;
  const pool =
    isObj(sample.events_data) && Array.isArray(sample.events_data.messages) ? sample.events_data.messages : [];
  return Array.isArray(e.input_refs) ? expandRefs(e.input_refs, pool) : [];
}

/** The sample's conversation: `messages`, else rebuilt from the last model event (events-only samples). */
function conversation(sample: Obj): { messages: unknown[]; rebuilt: boolean } {
  const messages = Array.isArray(sample.messages) ? sample.messages : [];
  if (messages.some((m) => isObj(m) && m.role === 'assistant')) return { messages, rebuilt: false };
  const models = Array.isArray(sample.events)
    ? sample.events.filter((e): e is Obj => isObj(e) && e.event === 'model')
    : [];
  const last = models[models.length - 1];
  const choices = last && isObj(last.output) && Array.isArray(last.output.choices) ? last.output.choices : [];
  const message = isObj(choices[0]) && isObj(choices[0].message) ? choices[0].message : undefined;
  if (!last || !message) return { messages, rebuilt: false };
  return { messages: [...modelInput(last, sample), message], rebuilt: true };
}

class Attachments {
  constructor(private readonly map: Obj) {}
  /** Replaces "attachment://<key>" strings anywhere in a value. */
  resolve<T>(v: T): T {
    if (typeof v === 'string') {
      if (!v.startsWith('attachment://')) return v;
      const hit = this.map[v.slice('attachment://'.length)];
      return (typeof hit === 'string' ? hit : v) as T;
    }
    if (Array.isArray(v)) return v.map((x) => this.resolve(x)) as T;
    if (isObj(v)) {
      const out: Obj = {};
      // defineProperty: a `__proto__` key stays data (assignment would set the prototype instead).
      for (const [k, x] of Object.entries(v)) {
        if (k === '__proto__')
          Object.defineProperty(out, k, {
            value: this.resolve(x),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[k] = this.resolve(x);
      }
      return out as T;
    }
    return v;
  }
}

/** Text of a message's content: a string, or the text parts of a Content list (others as "[image]"). */
function contentText(content: unknown): { text: string; reasoning?: string } {
  if (typeof content === 'string') return { text: content };
  if (!Array.isArray(content)) return { text: asText(content) };
  const text: string[] = [];
  const reasoning: string[] = [];
  for (const part of content) {
    if (!isObj(part)) text.push(asText(part));
    else if (part.type === 'text') text.push(asText(part.text));
    else if (part.type === 'reasoning') reasoning.push(asText(part.reasoning ?? part.summary));
    else text.push(`[${asText(part.type) || 'content'}]`);
  }
  return { text: text.join('\n'), reasoning: reasoning.length ? reasoning.join('\n') : undefined };
}

interface Generation {
  input?: number;
  output?: number;
  timestamp?: string;
}

function generationOf(e: Obj): Generation | undefined {
  const out = isObj(e.output) ? e.output : undefined;
  if (!out) return undefined;
  const usage = isObj(out.usage) ? out.usage : undefined;
  return {
    input: num(usage?.input_tokens),
    output: num(usage?.output_tokens),
    timestamp: str(e.completed) ?? str(e.timestamp),
  };
}

/** Usage and time of each generate call: by message id, else by order when the counts agree. */
function generations(sample: Obj, assistants: Obj[]): (Generation | undefined)[] {
  const events = Array.isArray(sample.events)
    ? sample.events.filter((e): e is Obj => isObj(e) && e.event === 'model')
    : [];
  const byId = new Map<string, Generation>();
  const inOrder: Generation[] = [];
  for (const e of events) {
    const g = generationOf(e);
    if (!g) continue;
    inOrder.push(g);
    const choices = isObj(e.output) && Array.isArray(e.output.choices) ? e.output.choices : [];
    const id = isObj(choices[0]) && isObj(choices[0].message) ? str(choices[0].message.id) : undefined;
    if (id) byId.set(id, g);
  }
  const generated = assistants.filter((m) => m.source !== 'input');
  const sameCount = inOrder.length === generated.length;
  let k = 0;
  return assistants.map((m) => {
    const id = str(m.id);
    if (id && byId.has(id)) return byId.get(id);
    if (m.source === 'input') return undefined;
    const g = sameCount ? inOrder[k] : undefined;
    k++;
    return g;
  });
}

function toolResult(m: Obj): { content: string; isError: boolean } {
  const { text } = contentText(m.content);
  const err = isObj(m.error)
    ? m.error
    : typeof m.tool_error === 'string'
      ? { type: 'unknown', message: m.tool_error }
      : null;
  if (!err) return { content: text, isError: false };
  const message = asText(err.message);
  const note = `${asText(err.type) || 'error'}: ${message}`;
  return { content: text === '' ? note : text.includes(message) ? text : `${text}\n${note}`, isError: true };
}

/** The sample as a transcript, or null when it has no assistant message. */
export function sampleTranscript(
  sample: Obj,
  info: EvalInfo,
  file: string,
  warnings: ImportWarning[],
): Transcript | null {
  const id = sample.id as string | number | undefined;
  const epoch = num(sample.epoch);
  const where = `sample ${asText(id) || '?'}${epoch !== undefined ? ` epoch ${epoch}` : ''}`;
  const att = new Attachments(isObj(sample.attachments) ? sample.attachments : {});
  const conv = conversation(sample);
  const messages = conv.messages.map((m) => att.resolve(m));
  if (conv.rebuilt)
    warnings.push({ file, reason: `${where}: no messages; the conversation is rebuilt from its last model event` });
  const assistants = messages.filter((m): m is Obj => isObj(m) && m.role === 'assistant');
  if (assistants.length === 0) return null;
  const gens = generations(sample, assistants);

  const turns: TurnDraft[] = [];
  const calls = new Map<string, CallDraft>();
  let pending: ContextMessage[] = [];
  messages.forEach((m, i) => {
    if (!isObj(m)) {
      warnings.push({ file, reason: `${where}: message ${i + 1} is not an object; skipped` });
      return;
    }
    if (m.role === 'system' || m.role === 'user') {
      pending.push({ role: m.role, text: contentText(m.content).text });
    } else if (m.role === 'assistant') {
      const { text, reasoning } = contentText(m.content);
      const g = gens[turns.length];
      const turnCalls: CallDraft[] = (Array.isArray(m.tool_calls) ? m.tool_calls : []).map((c: unknown) => {
        const tc = isObj(c) ? c : {};
        const call: CallDraft = { id: str(tc.id), name: asText(tc.function), args: tc.arguments ?? {} };
        if (tc.parse_error) call.extra = { parseError: asText(tc.parse_error) };
        if (call.id) calls.set(call.id, call);
        return call;
      });
      const extra: Obj = {};
      if (reasoning) extra.reasoning = reasoning;
      turns.push({
        text,
        calls: turnCalls,
        tokens:
          g && (g.input !== undefined || g.output !== undefined) ? { input: g.input, output: g.output } : undefined,
        timestamp: g?.timestamp,
        before: pending.length ? pending : undefined,
        extra: Object.keys(extra).length ? extra : undefined,
      });
      pending = [];
    } else if (m.role === 'tool') {
      const callId = str(m.tool_call_id);
      const call = callId ? calls.get(callId) : undefined;
      if (call && !call.result) call.result = toolResult(m);
      else {
        const why = call
          ? 'answers a call that already has a result'
          : `answers unknown call ${JSON.stringify(callId ?? null)}`;
        warnings.push({ file, reason: `${where}: tool message ${i + 1} ${why}; kept as context` });
        pending.push({
          role: 'system',
          text: `tool result (${asText(m.function) || 'unknown'}): ${toolResult(m).content}`,
        });
      }
    } else {
      warnings.push({ file, reason: `${where}: message ${i + 1} has unknown role ${JSON.stringify(m.role)}; skipped` });
    }
  });

  // A single-turn sample without model events still has the total usage in `output`.
  if (turns.length === 1 && !turns[0].tokens && isObj(sample.output) && isObj(sample.output.usage)) {
    const u = sample.output.usage;
    turns[0].tokens = { input: num(u.input_tokens), output: num(u.output_tokens) };
  }
  if (isObj(sample.error)) pending.push({ role: 'system', text: `Sample error: ${asText(sample.error.message)}` });
  if (isObj(sample.limit))
    pending.push({
      role: 'system',
      text: `Stopped by the ${asText(sample.limit.type)} limit (${asText(sample.limit.limit)})`,
    });

  const title = [info.task ?? 'inspect_ai', `sample ${asText(id) || '?'}`, epoch !== undefined ? `epoch ${epoch}` : '']
    .filter(Boolean)
    .join(' · ');
  const extra: Obj = { sampleId: id, epoch };
  if (info.task) extra.task = info.task;
  if (info.model) extra.model = info.model;
  return normalizeTranscript(
    { title, format: INSPECT_FORMAT, source: file, turns, after: pending, extra },
    undefined,
    (reason) => warnings.push({ file, reason: `${where}: ${reason}` }),
  );
}
