/**
 * OpenTelemetry GenAI spans as OTLP JSON. Schema: open-telemetry/semantic-conventions
 * docs/gen-ai/gen-ai-spans.md (inference spans: gen_ai.operation.name = chat | text_completion |
 * generate_content, gen_ai.usage.input_tokens / output_tokens, gen_ai.input.messages /
 * gen_ai.output.messages with parts {type: text | tool_call | tool_call_response};
 * execute_tool spans: gen_ai.tool.name, gen_ai.tool.call.id, gen_ai.tool.call.arguments,
 * gen_ai.tool.call.result, error.type; invoke_agent spans: gen_ai.agent.name).
 *
 * One transcript per traceId, spans in startTimeUnixNano order. Each inference span is a turn.
 * An execute_tool span answers the call with its gen_ai.tool.call.id when the turn listed it in
 * gen_ai.output.messages; otherwise it becomes a call of its inference-span ancestor, or of the
 * nearest inference span before it. Span status code 2 (ERROR) or error.type marks the result an
 * error.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import type { TurnDraft } from '../model/normalize';
import { openJsonDocs } from './json-docs';
import { tryParseJson } from './json-parse';
import { flattenOtlp, isoFromNanos, type FlatSpan } from './otlp';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const OTEL_GENAI_FORMAT = 'otel-genai';

const INFERENCE = new Set(['chat', 'text_completion', 'generate_content']);

/** Message attributes are JSON strings (or, from some SDKs, already structured). */
function messages(v: unknown): Obj[] {
  let list = v;
  if (typeof v === 'string') list = tryParseJson(v);
  return Array.isArray(list) ? list.filter(isObj) : [];
}

function parts(m: Obj): Obj[] {
  return Array.isArray(m.parts) ? m.parts.filter(isObj) : [];
}

function textOf(m: Obj): string {
  return parts(m)
    .filter((p) => p.type === 'text' && typeof p.content === 'string')
    .map((p) => p.content as string)
    .join('\n');
}

class TraceReader {
  readonly b: TranscriptBuilder;
  private turnOfSpan = new Map<string, TurnDraft>();
  private spans = new Map<string, FlatSpan>();
  /** tool_call_response parts seen in later inputs: results for calls whose span had none. */
  private responses = new Map<string, unknown>();
  private sawInference = false;

  constructor(file: string, warnings: ImportWarning[], spans: FlatSpan[]) {
    this.b = new TranscriptBuilder(file, warnings);
    for (const s of spans) this.spans.set(s.spanId, s);
  }

  /** The span and its ancestors, nearest first; a parent cycle in a broken export ends the walk. */
  private *lineage(s: FlatSpan): Generator<FlatSpan> {
    const seen = new Set<string>();
    for (let cur: FlatSpan | undefined = s; cur && !seen.has(cur.spanId);) {
      seen.add(cur.spanId);
      yield cur;
      cur = cur.parentSpanId ? this.spans.get(cur.parentSpanId) : undefined;
    }
  }

  private agentOf(s: FlatSpan): string | undefined {
    for (const cur of this.lineage(s)) {
      const name = str(cur.attrs['gen_ai.agent.name']) ?? str(cur.attrs['gen_ai.agent.id']);
      if (name) return name;
    }
    return undefined;
  }

  private inferenceAncestor(s: FlatSpan): TurnDraft | undefined {
    for (const cur of this.lineage(s)) {
      const t = cur === s ? undefined : this.turnOfSpan.get(cur.spanId);
      if (t) return t;
    }
    return undefined;
  }

  inference(s: FlatSpan): void {
    const input = messages(s.attrs['gen_ai.input.messages']);
    if (!this.sawInference) {
      const sys = s.attrs['gen_ai.system_instructions'];
      const sysText =
        typeof sys === 'string' && !sys.trimStart().startsWith('[')
          ? sys
          : messages(sys)
              .map((p) => String(p.content ?? ''))
              .join('\n');
      this.b.context('system', sysText);
    }
    // The first span's input is the conversation so far; later inputs repeat history, so only
    // the user messages after the last assistant / tool message are new.
    let from = 0;
    if (this.sawInference) for (let i = 0; i < input.length; i++) if (input[i].role !== 'user') from = i + 1;
    input.forEach((m, i) => {
      for (const p of parts(m))
        if (p.type === 'tool_call_response' && str(p.id)) this.responses.set(p.id as string, p.response ?? p.result);
      if (i < from) return;
      if (m.role === 'user') this.b.context('user', textOf(m));
      else if (m.role === 'system') this.b.context('system', textOf(m));
    });
    this.sawInference = true;
    const output = messages(s.attrs['gen_ai.output.messages']);
    const inTok = num(s.attrs['gen_ai.usage.input_tokens']);
    const outTok = num(s.attrs['gen_ai.usage.output_tokens']);
    const turn = this.b.turn({
      text: output.map(textOf).filter(Boolean).join('\n'),
      timestamp: isoFromNanos(s.start),
      tokens: inTok !== undefined || outTok !== undefined ? { input: inTok ?? 0, output: outTok ?? 0 } : undefined,
      agent: this.agentOf(s),
    });
    this.turnOfSpan.set(s.spanId, turn);
    for (const m of output)
      for (const p of parts(m))
        if (p.type === 'tool_call')
          this.b.call(turn, { id: str(p.id), name: str(p.name) ?? 'unknown', args: p.arguments ?? {} });
    if (s.error)
      this.b.warn(`inference span ${s.spanId} ended in error${s.statusMessage ? `: ${s.statusMessage}` : ''}`);
  }

  tool(s: FlatSpan): void {
    const a = s.attrs;
    const id = str(a['gen_ai.tool.call.id']);
    const isError = s.error || a['error.type'] !== undefined;
    const content =
      a['gen_ai.tool.call.result'] ?? (isError ? (s.statusMessage ?? a['error.type'] ?? 'error') : undefined);
    const known = id !== undefined ? this.b.callById(id) : undefined;
    if (known) {
      if (content !== undefined) this.b.answer(id, undefined, content, isError, `execute_tool span ${s.spanId}`);
      return;
    }
    let turn = this.inferenceAncestor(s) ?? this.b.last();
    if (!turn) {
      this.b.warn(`execute_tool span ${s.spanId} comes before any inference span; it gets a turn of its own`);
      turn = this.b.turn({ text: '', timestamp: isoFromNanos(s.start), agent: this.agentOf(s) });
    }
    const name = str(a['gen_ai.tool.name']) ?? (s.name.replace(/^execute_tool\s*/, '') || 'unknown');
    this.b.call(turn, {
      id,
      name,
      args: a['gen_ai.tool.call.arguments'] ?? {},
      result: content === undefined ? undefined : { content, isError },
    });
  }

  fillFromResponses(): void {
    for (const [id, response] of this.responses) {
      const c = this.b.callById(id);
      // A tool_call_response part carries no status: the normaliser infers it from the text.
      if (c && !c.result) c.result = { content: response, isError: undefined };
    }
  }
}

function readTrace(traceId: string, spans: FlatSpan[], file: string, warnings: ImportWarning[]): Transcript | null {
  spans.sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
  const r = new TraceReader(file, warnings, spans);
  let agentName: string | undefined;
  let conversation: string | undefined;
  for (const s of spans) {
    const op = s.attrs['gen_ai.operation.name'];
    conversation ??= str(s.attrs['gen_ai.conversation.id']);
    if (op === 'invoke_agent') agentName ??= str(s.attrs['gen_ai.agent.name']);
    if (typeof op === 'string' && INFERENCE.has(op)) r.inference(s);
    else if (op === 'execute_tool') r.tool(s);
  }
  r.fillFromResponses();
  if (r.b.turns.length === 0) return null;
  const extra: Obj = { traceId };
  if (conversation) extra.conversationId = conversation;
  return r.b.build({
    format: OTEL_GENAI_FORMAT,
    source: file,
    title:
      titleFrom(r.b.firstUserText()) ??
      agentName ??
      (spans[0].service ? `${spans[0].service} (trace ${traceId.slice(0, 8)})` : `trace ${traceId.slice(0, 8)}`),
    extra,
  });
}

export async function parseOtelGenai(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const { docs } = await openJsonDocs(src, warnings, ctx.signal);
  const spans: FlatSpan[] = [];
  for await (const d of docs) {
    const bad = flattenOtlp(d.value, spans);
    if (bad.length)
      warnings.push({
        file: src.name,
        line: d.line,
        reason: `${bad.length} span(s) without traceId/spanId skipped: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
      });
  }
  const byTrace = new Map<string, FlatSpan[]>();
  for (const s of spans) {
    const list = byTrace.get(s.traceId) ?? [];
    list.push(s);
    byTrace.set(s.traceId, list);
  }
  const transcripts: Transcript[] = [];
  for (const [traceId, list] of byTrace) {
    const t = readTrace(traceId, list, src.name, warnings);
    if (t) transcripts.push(t);
    else
      warnings.push({
        file: src.name,
        reason: `trace ${traceId} has no GenAI inference or execute_tool spans; skipped`,
      });
  }
  if (transcripts.length === 0) throw new ImportError(src.name, `no GenAI spans found among ${spans.length} span(s)`);
  return { format: OTEL_GENAI_FORMAT, transcripts, warnings };
}

export const otelGenaiImporter: Importer = {
  id: OTEL_GENAI_FORMAT,
  label: 'OpenTelemetry GenAI spans (OTLP JSON)',
  matchesName: () => false,
  sniff: (head) => (/"resource_?[sS]pans"\s*:/.test(head) ? null : 'no OTLP "resourceSpans"'),
  parse: parseOtelGenai,
};
