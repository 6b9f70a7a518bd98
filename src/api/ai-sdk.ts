/**
 * `loopscope/ai-sdk`: a monitor for the Vercel AI SDK's tool loop (`generateText`, `streamText`,
 * `ToolLoopAgent`). Each finished step (the model's text and tool calls, with the tools' results)
 * is observed as one Loopscope turn; `stopWhen` ends the run at a terminate (or the action you
 * pick) and `prepareStep` feeds warn/block messages back to the model as a user message before its
 * next step. Typed structurally: the package needs no `ai` at run time.
 */
import { Guard, resultText, type GuardOptions } from '../monitor/guard';
import { monitorOf, type ConfigOrPreset, type LoopscopeEvent, type Monitor } from './index';

/** The parts of an AI SDK step the monitor reads (a `StepResult`). */
export interface AiSdkStep {
  text?: string;
  content: readonly {
    type: string;
    toolCallId?: string;
    toolName?: string;
    input?: unknown;
    output?: unknown;
    error?: unknown;
    preliminary?: boolean;
  }[];
  usage?: { inputTokens?: number; outputTokens?: number };
}

/** A model message as `prepareStep` receives and returns them. */
export interface AiSdkMessage {
  role: string;
  content: unknown;
}

export type AiSdkGuardOptions = GuardOptions<LoopscopeEvent> & {
  /** The role of the fed-back message (default `user`: every provider takes it mid-conversation). */
  nudgeRole?: 'user' | 'system';
};

export interface AiSdkGuard {
  monitor: Monitor;
  /** For `stopWhen` (alone or in a list with your own conditions): true once a stopping event is raised. */
  stopWhen: (options: { steps: readonly AiSdkStep[] }) => boolean;
  /** For `prepareStep`: observes the steps so far and adds pending messages to the next step's messages. */
  prepareStep: <M extends AiSdkMessage>(options: {
    steps: readonly AiSdkStep[];
    stepNumber: number;
    messages: M[];
  }) => { messages: (M | { role: 'user' | 'system'; content: string })[] } | undefined;
  /** The event that stopped the run, or null. */
  readonly stoppedBy: LoopscopeEvent | null;
  /** The run so far as Loopscope JSONL lines' objects (`loopscope detect` reads them). */
  readonly lines: readonly object[];
}

/** The Loopscope turn of one AI SDK step: its text, and each tool call with its result or error. */
export function turnOfStep(step: AiSdkStep): object {
  const calls = [];
  for (const part of step.content) {
    if (part.type !== 'tool-call') continue;
    const id = part.toolCallId;
    const done = step.content.find(
      (p) => p.toolCallId === id && (p.type === 'tool-error' || (p.type === 'tool-result' && !p.preliminary)),
    );
    const call: Record<string, unknown> = { id, name: part.toolName ?? '', args: part.input ?? {} };
    // A returned value is not marked either way: Loopscope infers errors from the text as it does
    // for a file; a thrown one is an error.
    if (done?.type === 'tool-result') call.result = { content: resultText(done.output) };
    else if (done) call.result = { content: resultText(done.error), isError: true };
    calls.push(call);
  }
  const turn: Record<string, unknown> = { type: 'assistant', text: step.text ?? '', calls };
  const u = step.usage;
  if (u && (u.inputTokens !== undefined || u.outputTokens !== undefined))
    turn.tokens = { input: u.inputTokens, output: u.outputTokens };
  return turn;
}

/** A `prepareStep`/`stopWhen` pair driven by a monitor (or a config or preset name for a new one). */
export function aiSdkGuard(monitor: Monitor | ConfigOrPreset, options: AiSdkGuardOptions = {}): AiSdkGuard {
  const m = monitorOf(monitor);
  const guard = new Guard<LoopscopeEvent>(m, options);
  let observed = 0;
  const sync = (steps: readonly AiSdkStep[]) => {
    for (; observed < steps.length; observed++) guard.observe(turnOfStep(steps[observed]));
  };
  return {
    monitor: m,
    stopWhen({ steps }) {
      sync(steps);
      return guard.stoppedBy !== null;
    },
    prepareStep({ steps, messages }) {
      sync(steps);
      const nudge = guard.takeNudge();
      if (nudge === undefined) return undefined;
      return { messages: [...messages, { role: options.nudgeRole ?? 'user', content: nudge }] };
    },
    get stoppedBy() {
      return guard.stoppedBy;
    },
    get lines() {
      return guard.lines;
    },
  };
}
