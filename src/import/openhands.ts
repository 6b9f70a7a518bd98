/**
 * OpenHands event streams: a replay/trajectory file (a JSON list of events) or evaluation
 * `output.jsonl` (one record a line, its events in `history[]`, one transcript per record).
 * Schema: All-Hands-AI/OpenHands `openhands/events/serialization/event.py` (event_to_dict: id,
 * timestamp, source, message, action + args | observation + content + extras, cause,
 * tool_call_metadata) and `openhands/events/tool.py` (ToolCallMetadata: function_name,
 * tool_call_id, model_response, total_calls_in_response). Older records (resolver mock_output)
 * flatten args/extras into the event and carry no id, source or cause.
 *
 * Decisions (also in docs/formats.md):
 * - A turn is one model response: agent actions sharing tool_call_metadata.model_response.id
 *   form one turn; an action without it is a turn of its own. Agent `message` actions are
 *   text-only turns; `source: user` messages and the `system` action are context.
 * - Call name and args: the model's own tool call (model_response.choices[0].message.tool_calls
 *   with the same id) when present; otherwise function_name (else the action type) and the
 *   event args without `thought` and runtime bookkeeping (is_input, blocking, confirmation...).
 * - Observations answer the action whose id is their `cause`; without causes (old records) the
 *   oldest unanswered action. An agent `observation: "error"` with no cause and nothing to
 *   answer is a rejected tool call: a turn with one call `unknown` {} and an error result.
 * - isError: observation == 'error' or extras.metadata.exit_code (old: exit_code) != 0.
 * - Tokens: model_response.usage prompt_tokens / completion_tokens, once per turn.
 * - Agent-state changes, recall and null observations are bookkeeping, skipped quietly.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import type { CallDraft, TurnDraft } from '../model/normalize';
import { openJsonDocs } from './json-docs';
import { keysAt, scanJsonHead } from './json-head';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const OPENHANDS_FORMAT = 'openhands';

const QUIET_ACTIONS = new Set(['change_agent_state', 'recall', 'condensation', 'condensation_request', 'null']);
const QUIET_OBSERVATIONS = new Set(['agent_state_changed', 'null', 'recall']);
/** Event envelope keys: what is left of a flattened (old) action is its args. */
const ENVELOPE = [
  'id',
  'timestamp',
  'source',
  'message',
  'action',
  'observation',
  'cause',
  'tool_call_metadata',
  'llm_metrics',
  'args',
  'extras',
];
/** Args the runtime adds to every action of a kind; the model did not choose them. */
const RUNTIME_ARGS = [
  'thought',
  'is_confirmed',
  'confirmation_state',
  'action_risk',
  'security_risk',
  'keep_prompt',
  'kernel_init_code',
  'is_input',
  'blocking',
  'hidden',
  'is_static',
  'impl_source',
  'include_extra',
  'image_urls',
  'images_urls',
  'wait_for_response',
];

function without(o: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!keys.includes(k)) out[k] = v;
  return out;
}

/** The assistant message of a model response (OpenAI chat completion shape, via litellm). */
function responseMessage(mr: unknown): Obj | undefined {
  if (!isObj(mr) || !Array.isArray(mr.choices) || !isObj(mr.choices[0])) return undefined;
  return isObj(mr.choices[0].message) ? mr.choices[0].message : undefined;
}

function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

class EventReader {
  private calls = new Map<unknown, CallDraft>();
  private seen = new Set<unknown>();
  private byResponse = new Map<string, TurnDraft>();
  private byOrder: CallDraft[] = [];
  private sawAgentAction = false;

  constructor(
    private b: TranscriptBuilder,
    private where: (e: Obj, k: number) => string,
  ) {}

  read(events: unknown[]): void {
    let k = 0;
    for (const item of events) {
      // The oldest records paired each action with its observation: [action, observation].
      for (const e of Array.isArray(item) ? item : [item]) {
        if (!isObj(e)) this.b.warn(`event #${k}: not an object; skipped`);
        else if (typeof e.action === 'string') this.action(e, k);
        else if (typeof e.observation === 'string') this.observation(e, k);
        else this.b.warn(`${this.where(e, k)}: neither an action nor an observation; skipped`);
        if (isObj(e) && e.id !== undefined) this.seen.add(e.id);
        k++;
      }
    }
  }

  private turnFor(e: Obj, args: Obj): TurnDraft {
    const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
    const mr = tcm?.model_response;
    const respId = isObj(mr) ? str(mr.id) : undefined;
    const thought = str(args.thought) ?? '';
    let turn = respId ? this.byResponse.get(respId) : undefined;
    if (turn) {
      if (!turn.text && thought) turn.text = thought;
      return turn;
    }
    const usage = isObj(mr) && isObj(mr.usage) ? mr.usage : undefined;
    turn = this.b.turn({
      text: contentText(responseMessage(mr)?.content) || thought,
      timestamp: str(e.timestamp),
      tokens: usage ? { input: num(usage.prompt_tokens) ?? 0, output: num(usage.completion_tokens) ?? 0 } : undefined,
    });
    if (respId) this.byResponse.set(respId, turn);
    return turn;
  }

  private action(e: Obj, k: number): void {
    const action = e.action as string;
    const source = str(e.source);
    const args = isObj(e.args) ? e.args : without(e, ENVELOPE);
    const ts = str(e.timestamp);
    if (action === 'system') return this.b.context('system', contentText(args.content) || (str(e.message) ?? ''), ts);
    if (QUIET_ACTIONS.has(action)) return;
    if (action === 'message') {
      // Old records have no source: the task message comes before any agent action.
      const fromUser = source === 'user' || (source === undefined && !this.sawAgentAction);
      if (fromUser) return this.b.context('user', contentText(args.content), ts);
      if (source !== undefined && source !== 'agent')
        return this.b.warn(`${this.where(e, k)}: ${source} message skipped`);
      const turn = this.turnFor(e, {});
      const text = contentText(args.content);
      if (text) turn.text = turn.text ? `${turn.text as string}\n\n${text}` : text;
      return;
    }
    if (source !== undefined && source !== 'agent')
      return this.b.warn(`${this.where(e, k)}: ${source} action "${action}" skipped`);
    this.sawAgentAction = true;
    const turn = this.turnFor(e, args);
    const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
    const callId = str(tcm?.tool_call_id);
    const tc = ((responseMessage(tcm?.model_response)?.tool_calls as unknown[]) ?? []).find(
      (t) => isObj(t) && t.id === callId && callId !== undefined && isObj(t.function),
    ) as Obj | undefined;
    const fn = tc?.function as Obj | undefined;
    const call = this.b.call(turn, {
      id: callId,
      name: str(fn?.name) ?? str(tcm?.function_name) ?? action,
      args: fn ? (fn.arguments ?? {}) : without(args, RUNTIME_ARGS),
    });
    if (e.id !== undefined) this.calls.set(e.id, call);
    else this.byOrder.push(call);
  }

  private observation(e: Obj, k: number): void {
    const obs = e.observation as string;
    const extras = isObj(e.extras) ? e.extras : e;
    const exit = num(isObj(extras.metadata) ? extras.metadata.exit_code : undefined) ?? num(extras.exit_code);
    const result = {
      content: e.content ?? e.message ?? '',
      isError: obs === 'error' || (exit !== undefined && exit !== 0),
    };
    if (e.cause !== undefined && e.cause !== null) {
      const c = this.calls.get(e.cause);
      if (c) {
        if (c.result) this.b.warn(`${this.where(e, k)}: action ${String(e.cause)} already has a result; skipped`);
        else c.result = result;
      } else if (!this.seen.has(e.cause))
        this.b.warn(`${this.where(e, k)}: answers event ${String(e.cause)}, which is not in this history; skipped`);
      // Otherwise it answers a message or bookkeeping action: nothing to attach.
      return;
    }
    if (QUIET_OBSERVATIONS.has(obs)) return;
    const next = this.byOrder.shift();
    if (next) {
      next.result = result;
      return;
    }
    if (obs === 'error' && (e.source === undefined || e.source === 'agent')) {
      // The tool call was refused before it became an action; the model's call is not recorded.
      const turn = this.b.turn({ text: '', timestamp: str(e.timestamp) });
      this.b.call(turn, { name: 'unknown', args: {}, result, rejected: true });
      return;
    }
    this.b.warn(`${this.where(e, k)}: observation "${obs}" answers no action; skipped`);
  }
}

function recordTitle(r: Obj): string | undefined {
  const issue = isObj(r.issue) ? r.issue : undefined;
  if (issue && str(issue.owner) && str(issue.repo) && issue.number !== undefined)
    return `${str(issue.owner)}/${str(issue.repo)}#${String(issue.number)}`;
  return str(r.instance_id);
}

function build(
  file: string,
  warnings: ImportWarning[],
  events: unknown[],
  line: number | undefined,
  title: (b: TranscriptBuilder) => string,
): Transcript {
  const b = new TranscriptBuilder(file, warnings);
  b.line = line;
  const where = (e: Obj, k: number) => (e.id !== undefined ? `event ${String(e.id)}` : `event #${k}`);
  new EventReader(b, where).read(events);
  return b.build({ title: title(b), format: OPENHANDS_FORMAT, source: file });
}

export async function parseOpenHands(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const base = file.split(/[\\/]/).pop() ?? file;
  const warnings: ImportWarning[] = [];
  // output.jsonl is streamed: each record becomes a transcript before the next line is parsed.
  const { docs } = await openJsonDocs(src, warnings, ctx.signal);
  const transcripts: Transcript[] = [];
  let n = 0;
  for await (const doc of docs) {
    n++;
    const v = doc.value;
    if (Array.isArray(v)) {
      transcripts.push(build(file, warnings, v, doc.line, (b) => titleFrom(b.firstUserText()) ?? base));
    } else if (isObj(v) && Array.isArray(v.history)) {
      transcripts.push(
        build(
          file,
          warnings,
          v.history,
          doc.line,
          (b) => recordTitle(v) ?? titleFrom(b.firstUserText()) ?? `${base} record ${n}`,
        ),
      );
    } else
      warnings.push({ file, line: doc.line, reason: 'neither a list of events nor a record with "history"; skipped' });
  }
  if (transcripts.length === 0)
    throw new ImportError(file, 'no OpenHands event list or record with "history" in this file');
  return { format: OPENHANDS_FORMAT, transcripts, warnings };
}

function isEventKeys(keys: string[]): boolean {
  return (keys.includes('action') || keys.includes('observation')) && !keys.includes('role');
}

export const openhandsImporter: Importer = {
  id: OPENHANDS_FORMAT,
  label: 'OpenHands events',
  // output.jsonl and trajectory .json names are used by many tools: content decides.
  matchesName: () => false,
  sniff(head) {
    const h = scanJsonHead(head, 3);
    if (h.root === 'array' && isEventKeys(keysAt(h, '0'))) return null;
    if (h.root === 'object') {
      const root = keysAt(h, '');
      if (root.includes('history') && (isEventKeys(keysAt(h, 'history.0')) || isEventKeys(keysAt(h, 'history.0.0'))))
        return null;
      if (root.includes('history') && root.includes('instance_id') && root.includes('instruction')) return null;
    }
    return 'not a list of OpenHands events ("action"/"observation") nor records with "history" of them';
  },
  parse: parseOpenHands,
};
