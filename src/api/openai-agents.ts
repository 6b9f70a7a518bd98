/**
 * `loopscope/openai-agents`: a monitor for the OpenAI Agents SDK (`@openai/agents`), as a
 * `callModelInputFilter` for the Runner's config. The SDK calls it before every model call with
 * the whole conversation so far, so it sees each finished turn (the model's message and tool
 * calls, with their results) before the model is asked again: it observes them, feeds warn/block
 * messages to that model call as a user message, and at a terminate (or the action you pick)
 * throws `LoopStoppedError`, which ends the run before the looping agent spends another call.
 * Typed structurally: the package needs no `@openai/agents` at run time.
 */
import { Guard, resultText, type GuardOptions } from '../monitor/guard';
import { monitorOf, type ConfigOrPreset, type LoopscopeEvent, type Monitor } from './index';

/** The fields of the SDK's input items (`AgentInputItem`) the monitor reads. */
export interface AgentsInputItem {
  type?: unknown;
  role?: unknown;
  content?: unknown;
  callId?: unknown;
  name?: unknown;
  arguments?: unknown;
  output?: unknown;
}

/** What the filter gets and gives (`ModelInputData`). */
export interface AgentsModelData<I> {
  input: I[];
  instructions?: string;
}

export type AgentsGuardOptions = GuardOptions<LoopscopeEvent>;

/** Thrown by the filter to end the run; `run()` rejects with it. */
export class LoopStoppedError extends Error {
  constructor(readonly event: LoopscopeEvent) {
    super(`Loopscope stopped the run at turn ${event.turn}: ${event.message}`);
    this.name = 'LoopStoppedError';
  }
}

export interface AgentsGuard {
  monitor: Monitor;
  /** For the Runner's (or `run()`'s) `callModelInputFilter`. */
  callModelInputFilter: <I extends AgentsInputItem>(args: { modelData: AgentsModelData<I> }) => AgentsModelData<I>;
  readonly stoppedBy: LoopscopeEvent | null;
  /** The run so far as Loopscope JSONL lines' objects (`loopscope detect` reads them). */
  readonly lines: readonly object[];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p: { text?: unknown; refusal?: unknown }) =>
      typeof p?.text === 'string' ? p.text : typeof p?.refusal === 'string' ? p.refusal : '',
    )
    .join('');
}

function argsOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  if (raw === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw; // kept as written: a malformed call is still a call the agent made
  }
}

/**
 * The conversation's lines: user/system messages as context, and each model response (its
 * messages and function calls, with their results from the items after it) as one turn.
 * `complete`: how many of them are finished (a last turn still waiting for results is not).
 */
export function linesOfInput(items: readonly AgentsInputItem[]): { lines: object[]; complete: number } {
  const lines: object[] = [];
  const results = new Map<unknown, unknown>();
  for (const it of items) if (it.type === 'function_call_result' && it.callId) results.set(it.callId, it.output);
  let turn: { type: 'assistant'; text: string; calls: object[] } | null = null;
  let waiting = false;
  for (const it of items) {
    const role = it.role;
    const isCall = it.type === 'function_call';
    if (role === 'assistant' || isCall) {
      if (!turn) lines.push((turn = { type: 'assistant', text: '', calls: [] }));
      if (isCall) {
        const call: Record<string, unknown> = {
          id: typeof it.callId === 'string' ? it.callId : undefined,
          name: typeof it.name === 'string' ? it.name : '',
          args: argsOf(it.arguments),
        };
        if (it.callId && results.has(it.callId))
          call.result = { content: resultText(textOrValue(results.get(it.callId))) };
        else waiting = true;
        turn.calls.push(call);
      } else turn.text += (turn.text ? '\n' : '') + textOf(it.content);
      continue;
    }
    // Results come after all the calls of their response: the next model output is a new turn.
    turn = null;
    if (role === 'user' || role === 'system') lines.push({ type: role, text: textOf(it.content) });
  }
  return { lines, complete: waiting ? lines.length - 1 : lines.length };
}

/** A structured tool output (`{type: 'text', text}` or a list of them) as its text. */
function textOrValue(output: unknown): unknown {
  if (typeof output === 'object' && output !== null) {
    const text = textOf(Array.isArray(output) ? output : [output]);
    if (text) return text;
  }
  return output;
}

/** A `callModelInputFilter` driven by a monitor (or a config or preset name for a new one). */
export function openAIAgentsGuard(monitor: Monitor | ConfigOrPreset, options: AgentsGuardOptions = {}): AgentsGuard {
  const m = monitorOf(monitor);
  const guard = new Guard<LoopscopeEvent>(m, options);
  const sent = new Set<string>();
  let observed = 0;
  return {
    monitor: m,
    callModelInputFilter({ modelData }) {
      const { lines, complete } = linesOfInput(modelData.input);
      for (; observed < complete; observed++) {
        const line = lines[observed] as { type: string; text?: string };
        // A nudge the filter added is not the user speaking, should the SDK keep it in the history.
        if (line.type === 'user' && sent.has(line.text ?? '')) continue;
        guard.observe(line);
      }
      if (guard.stoppedBy) throw new LoopStoppedError(guard.stoppedBy);
      const nudge = guard.takeNudge();
      if (nudge === undefined) return modelData;
      sent.add(nudge);
      return {
        ...modelData,
        input: [
          ...modelData.input,
          { role: 'user', content: nudge } as AgentsInputItem as (typeof modelData.input)[number],
        ],
      };
    },
    get stoppedBy() {
      return guard.stoppedBy;
    },
    get lines() {
      return guard.lines;
    },
  };
}
