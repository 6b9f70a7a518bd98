/**
 * OpenHands V0 events (All-Hands-AI/OpenHands `openhands/events/serialization/event.py`,
 * event_to_dict: id, timestamp, source, message, action + args | observation + content + extras,
 * cause, tool_call_metadata; `openhands/events/tool.py` ToolCallMetadata: function_name,
 * tool_call_id, model_response, total_calls_in_response). Older records (resolver mock_output)
 * flatten args/extras into the event and carry no id, source or cause. Rules: docs/formats.md.
 */
import type { CallDraft, TurnDraft } from '../model/normalize';
import { rejectedToolName } from './openhands-rejection';
import { tryParseJson } from './json-parse';
import { isObj, num, str, type Obj, type TranscriptBuilder } from './transcript-builder';

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
  // defineProperty: a `__proto__` key stays data (assignment would set the prototype instead).
  for (const [k, v] of Object.entries(o))
    if (!keys.includes(k))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The assistant message of a model response (OpenAI chat completion shape, via litellm). */
function responseMessage(mr: unknown): Obj | undefined {
  if (!isObj(mr) || !Array.isArray(mr.choices) || !isObj(mr.choices[0])) return undefined;
  return isObj(mr.choices[0].message) ? mr.choices[0].message : undefined;
}

export function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

/**
 * isError of a V0 observation where the format says, undefined where it does not (the normaliser
 * then infers it from the text). Flagged: `error` and `user_rejected` (true), `success` (false),
 * an exit code (`run`: extras.metadata.exit_code, old records extras.exit_code; != 0 is an error),
 * the browser's `extras.error` boolean, an MCP result's `isError`. Unflagged: `read`, `edit`,
 * `write`, `run_ipython`, `think`, `delegate`, `browse` without `error`, and every other kind.
 */
export function v0ErrorFlag(obs: string, e: Obj): boolean | undefined {
  if (obs === 'error' || obs === 'user_rejected') return true;
  if (obs === 'success') return false;
  const extras = isObj(e.extras) ? e.extras : e;
  const exit = num(isObj(extras.metadata) ? extras.metadata.exit_code : undefined) ?? num(extras.exit_code);
  if (exit !== undefined) return exit !== 0;
  if ((obs === 'browse' || obs === 'browse_interactive') && typeof extras.error === 'boolean') return extras.error;
  if (obs === 'mcp' && typeof e.content === 'string') {
    // Not JSON (or nested past the limit): no flag.
    const r = tryParseJson(e.content);
    if (isObj(r) && typeof r.isError === 'boolean') return r.isError;
  }
  return undefined;
}

export class V0EventReader {
  private calls = new Map<unknown, CallDraft>();
  private seen = new Set<unknown>();
  private byResponse = new Map<string, TurnDraft>();
  private byOrder: CallDraft[] = [];
  private sawAgentAction = false;

  constructor(private b: TranscriptBuilder) {}

  /** One event (or an old [action, observation] pair); `where` names it in warnings. */
  push(e: Obj, where: string): void {
    if (typeof e.action === 'string') this.action(e, where);
    else this.observation(e, where);
    if (e.id !== undefined) this.seen.add(e.id);
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
      // Absent counts stay unknown (the normaliser also reads prompt_tokens 0 as unknown).
      tokens: usage ? { input: num(usage.prompt_tokens), output: num(usage.completion_tokens) } : undefined,
    });
    if (respId) this.byResponse.set(respId, turn);
    return turn;
  }

  /** The model's own call for this event: name, args and id from tool_call_metadata. */
  private modelCall(e: Obj): { id?: string; name?: string; args?: unknown } {
    const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
    const id = str(tcm?.tool_call_id);
    const tc = ((responseMessage(tcm?.model_response)?.tool_calls as unknown[]) ?? []).find(
      (t) => isObj(t) && t.id === id && id !== undefined && isObj(t.function),
    ) as Obj | undefined;
    const fn = tc?.function as Obj | undefined;
    return { id, name: str(fn?.name) ?? str(tcm?.function_name), args: fn ? (fn.arguments ?? {}) : undefined };
  }

  private action(e: Obj, where: string): void {
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
      if (source !== undefined && source !== 'agent') return this.b.warn(`${where}: ${source} message skipped`);
      const turn = this.turnFor(e, {});
      const text = contentText(args.content);
      if (text) turn.text = turn.text ? `${turn.text as string}\n\n${text}` : text;
      return;
    }
    if (source !== undefined && source !== 'agent')
      return this.b.warn(`${where}: ${source} action "${action}" skipped`);
    this.sawAgentAction = true;
    const turn = this.turnFor(e, args);
    const m = this.modelCall(e);
    const call = this.b.call(turn, {
      id: m.id,
      name: m.name ?? action,
      args: m.args ?? without(args, RUNTIME_ARGS),
    });
    if (e.id !== undefined) this.calls.set(e.id, call);
    else this.byOrder.push(call);
  }

  private observation(e: Obj, where: string): void {
    const obs = e.observation as string;
    // AgentCondensationObservation (ObservationType.CONDENSE): kept for the StuckDetector's
    // context-window scenario (docs/detectors.md `openhands`).
    if (obs === 'condense')
      return this.b.context('system', `[condensation] ${contentText(e.content)}`.trim(), str(e.timestamp), {
        condensation: true,
      });
    const content = e.content ?? e.message ?? '';
    const result = { content, isError: v0ErrorFlag(obs, e) };
    if (e.cause !== undefined && e.cause !== null) {
      const c = this.calls.get(e.cause);
      if (c) {
        if (c.result) this.b.warn(`${where}: action ${String(e.cause)} already has a result; skipped`);
        else {
          c.result = result;
          if (obs === 'user_rejected') c.rejected = true;
        }
      } else if (!this.seen.has(e.cause))
        this.b.warn(`${where}: answers event ${String(e.cause)}, which is not in this history; skipped`);
      // Otherwise it answers a message or bookkeeping action: nothing to attach.
      return;
    }
    if (QUIET_OBSERVATIONS.has(obs)) return;
    const next = this.byOrder.shift();
    if (next) {
      next.result = result;
      return;
    }
    if (obs === 'error' && (e.source === undefined || e.source === 'agent')) return this.rejected(e, result);
    this.b.warn(`${where}: observation "${obs}" answers no action; skipped`);
  }

  /**
   * A tool call refused before it became an action (an agent error with no cause). Its name and
   * args come from the event's tool_call_metadata when present, else the name from the message.
   */
  private rejected(e: Obj, result: { content: unknown; isError: boolean | undefined }): void {
    const m = this.modelCall(e);
    const turn = m.name ? this.turnFor(e, {}) : this.b.turn({ text: '', timestamp: str(e.timestamp) });
    const name = m.name ?? rejectedToolName(typeof result.content === 'string' ? result.content : '') ?? 'unknown';
    this.b.call(turn, { id: m.id, name, args: m.args ?? {}, result, rejected: true });
  }
}
