/**
 * OpenHands V1 (software-agent-sdk) events, as `Event.model_dump_json(exclude_none=True)` writes
 * them: `kind` names the class; id, timestamp, source on every event. Schema, from
 * OpenHands/software-agent-sdk `openhands-sdk/openhands/sdk/event/`:
 * - llm_convertible/action.py: ActionEvent { thought: TextContent[], action (absent or null when the
 *   call could not be executed), tool_name, tool_call_id, tool_call { id, name, arguments (JSON
 *   text) }, llm_response_id (shared by the parallel calls of one response) }.
 * - llm_convertible/observation.py: ObservationEvent { tool_name, tool_call_id, action_id,
 *   observation { content: TextContent[] | string, is_error, exit_code… } }; AgentErrorEvent
 *   { tool_name, tool_call_id, error }; UserRejectObservation { action_id, rejection_reason }.
 * - llm_convertible/message.py: MessageEvent { llm_message { role, content }, llm_response_id };
 *   llm_convertible/system.py: SystemPromptEvent { system_prompt: TextContent }.
 * - condenser.py (Condensation, CondensationRequest, CondensationSummaryEvent),
 *   conversation_error.py (ConversationErrorEvent { code, detail }), conversation_state.py.
 * `agent/agent.py` (_get_action_event) writes a call it cannot run (unknown tool, invalid args) as
 * an ActionEvent without `action` followed by an AgentErrorEvent: that call is `rejected`.
 * Events carry no token usage (the SDK keeps it in base_state.json): tokens stay unknown.
 */
import type { CallDraft, TurnDraft } from '../model/normalize';
import { contentText } from './openhands-v0';
import { isObj, num, str, type Obj, type TranscriptBuilder } from './transcript-builder';

/** Bookkeeping the model never saw: skipped quietly. */
const QUIET = new Set([
  'Condensation',
  'CondensationRequest',
  'ConversationStateUpdateEvent',
  'PauseEvent',
  'TokenEvent',
  'SystemPromptUpdateEvent',
  'StreamingDeltaEvent',
]);

/** A V1 event: a class name in `kind` and the Event envelope (id, timestamp, source). */
export function isV1Event(e: Obj): boolean {
  return (
    typeof e.kind === 'string' &&
    /^[A-Z][A-Za-z]*$/.test(e.kind) &&
    (typeof e.source === 'string' || typeof e.timestamp === 'string')
  );
}

/** isError where the observation says (`is_error`, an exit code), undefined where it does not. */
export function v1ErrorFlag(o: Obj): boolean | undefined {
  const exit = num(o.exit_code) ?? num(isObj(o.metadata) ? o.metadata.exit_code : undefined);
  if (o.is_error === true || (exit !== undefined && exit !== 0)) return true;
  if (typeof o.is_error === 'boolean' || exit !== undefined) return false;
  return undefined;
}

export class V1EventReader {
  private byCallId = new Map<string, CallDraft>();
  private byEventId = new Map<string, CallDraft>();
  private byResponse = new Map<string, TurnDraft>();

  constructor(private b: TranscriptBuilder) {}

  push(e: Obj, where: string): void {
    const kind = e.kind as string;
    const ts = str(e.timestamp);
    switch (kind) {
      case 'SystemPromptEvent':
        return this.b.context('system', contentText([e.system_prompt]), ts);
      case 'MessageEvent':
        return this.message(e, where);
      case 'ActionEvent':
        return this.action(e);
      case 'ObservationEvent':
        return this.answer(e, where, {
          content: contentText(isObj(e.observation) ? e.observation.content : undefined),
          isError: isObj(e.observation) ? v1ErrorFlag(e.observation) : undefined,
        });
      case 'AgentErrorEvent':
        return this.answer(e, where, { content: str(e.error) ?? '', isError: true });
      case 'UserRejectObservation':
        // What the model was told (UserRejectObservation.to_llm_message).
        return this.answer(
          e,
          where,
          { content: `Action rejected: ${str(e.rejection_reason) ?? ''}`, isError: true },
          true,
        );
      case 'CondensationSummaryEvent':
        return this.b.context('system', str(e.summary) ?? '', ts);
      case 'ConversationErrorEvent':
        return this.b.context('system', `Conversation error ${str(e.code) ?? ''}: ${str(e.detail) ?? ''}`, ts);
      default:
        if (!QUIET.has(kind)) this.b.warn(`${where}: event kind "${kind}" is not one this importer reads; skipped`);
    }
  }

  private turnFor(e: Obj, text: string): TurnDraft {
    const respId = str(e.llm_response_id);
    let turn = respId ? this.byResponse.get(respId) : undefined;
    if (turn) {
      if (text) turn.text = turn.text ? `${turn.text as string}\n\n${text}` : text;
      return turn;
    }
    turn = this.b.turn({ text, timestamp: str(e.timestamp) });
    if (respId) this.byResponse.set(respId, turn);
    return turn;
  }

  private message(e: Obj, where: string): void {
    const m = isObj(e.llm_message) ? e.llm_message : {};
    const text = contentText(m.content);
    const role = str(m.role) ?? (e.source === 'user' ? 'user' : e.source === 'agent' ? 'assistant' : undefined);
    if (role === 'user') return this.b.context('user', text, str(e.timestamp));
    if (role === 'assistant') {
      this.turnFor(e, text);
      return;
    }
    this.b.warn(`${where}: message with role "${String(m.role ?? e.source)}" skipped`);
  }

  private action(e: Obj): void {
    const tc = isObj(e.tool_call) ? e.tool_call : {};
    const thought = contentText(e.thought);
    const turn = this.turnFor(e, thought || (str(e.reasoning_content) ?? ''));
    const id = str(e.tool_call_id) ?? str(tc.id);
    const action = isObj(e.action) ? e.action : undefined;
    let args: unknown = tc.arguments;
    if (args === undefined && action) {
      const { kind: _kind, ...rest } = action;
      args = rest;
    }
    const call = this.b.call(turn, {
      id,
      name: str(tc.name) ?? str(e.tool_name) ?? 'unknown',
      args: args ?? {},
      // Written without an action: the agent could not run it (agent.py, _get_action_event).
      rejected: action ? undefined : true,
    });
    if (id) this.byCallId.set(id, call);
    if (str(e.id)) this.byEventId.set(e.id as string, call);
  }

  private answer(
    e: Obj,
    where: string,
    result: { content: string; isError: boolean | undefined },
    rejected = false,
  ): void {
    const call =
      (str(e.action_id) ? this.byEventId.get(e.action_id as string) : undefined) ??
      (str(e.tool_call_id) ? this.byCallId.get(e.tool_call_id as string) : undefined);
    if (!call) {
      if (e.kind === 'AgentErrorEvent') {
        // An error for a call that left no ActionEvent: keep it as a rejected call.
        const turn = this.b.turn({ text: '', timestamp: str(e.timestamp) });
        this.b.call(turn, {
          id: str(e.tool_call_id),
          name: str(e.tool_name) ?? 'unknown',
          args: {},
          result,
          rejected: true,
        });
        return;
      }
      return this.b.warn(
        `${where}: answers tool call ${JSON.stringify(e.tool_call_id ?? e.action_id)}, which no action made; skipped`,
      );
    }
    if (call.result) return this.b.warn(`${where}: tool call ${JSON.stringify(call.id)} already has a result; skipped`);
    call.result = result;
    if (rejected) call.rejected = true;
  }
}
