/**
 * SWE-agent `.traj` files (one JSON object): v0.x runs with raw command strings and 1.x
 * function-calling runs. Schema: SWE-agent/SWE-agent `sweagent/types.py` (TrajectoryStep:
 * action, observation, response, thought, state, execution_time; HistoryItem: role, content,
 * message_type, agent, is_demo, thought, action, tool_calls, tool_call_ids; AgentInfo:
 * exit_status, model_stats, submission).
 *
 * Decisions (also in docs/formats.md):
 * - `trajectory[i]` is turn i (one model response, one action). Text = thought (else response).
 * - A raw action string: tool = its first token, args = {args: rest of the first line}, plus
 *   {body: the following lines} for multi-line actions (`edit 1:37\n...\nend_of_edit` keeps its
 *   body verbatim, terminator included). `python x.py` is tool `python`, args {args: "x.py"}.
 * - Function-calling runs: the step takes the structured call of the next assistant history
 *   message whose first tool call matches the step's action (same tool as the first token, or
 *   `bash` with the same command); a step with no such message (e.g. a final `submit` missing
 *   from history) falls back to the raw string.
 * - A file with only `history` (no trajectory) is read from history: assistant messages are
 *   turns, their tool_calls the calls, `tool` messages the results (by tool_call_ids).
 * - Result = observation; .traj records no error flag or exit code, so isError is left undefined
 *   and the normaliser infers it from the text (docs/formats.md, "Inferred errors").
 * - History messages before the first assistant message (system prompt, demonstrations, the
 *   task) are the first turn's context. No per-step tokens or timestamps exist: info.model_stats
 *   and info.exit_status go to transcript extra; execution_time to call extra.
 */
import type { Extra, ImportWarning } from '../model/transcript';
import type { CallDraft, TurnDraft } from '../model/normalize';
import { keysAt, scanJsonHead } from './json-head';
import { tryParseJson } from './json-parse';
import { readTrajDocument, type Steps } from './swe-agent-steps';
import { isObj, num, str, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const SWE_AGENT_FORMAT = 'swe-agent';

/**
 * Tool and args of a raw action string; null for an empty action. Linear in the action: a trailing
 * `/\s+$/` regex retries from every whitespace character of a long run (31 s on 200 KB).
 */
export function parseRawAction(action: string): { name: string; args: Obj } | null {
  const text = action.trimEnd();
  const nl = text.indexOf('\n');
  const first = (nl === -1 ? text : text.slice(0, nl)).trim();
  if (first === '') return null;
  const space = first.search(/\s/);
  const name = space === -1 ? first : first.slice(0, space);
  const args: Obj = { args: space === -1 ? '' : first.slice(space).trimStart() };
  if (nl !== -1) args.body = text.slice(nl + 1);
  return { name, args };
}

function messageText(m: Obj): string {
  const c = m.content;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('\n');
  return '';
}

interface FnCall {
  id?: string;
  name: string;
  args: unknown;
}

function toolCalls(m: Obj): FnCall[] {
  if (!Array.isArray(m.tool_calls)) return [];
  const out: FnCall[] = [];
  for (const t of m.tool_calls) {
    if (!isObj(t)) continue;
    const fn = isObj(t.function) ? t.function : t;
    out.push({ id: str(t.id), name: str(fn.name) ?? 'unknown', args: fn.arguments ?? {} });
  }
  return out;
}

function decodedArgs(a: unknown): Obj | undefined {
  if (isObj(a)) return a;
  if (typeof a !== 'string') return undefined;
  const v = tryParseJson(a);
  return isObj(v) ? v : undefined;
}

/**
 * The assistant history messages with tool calls, indexed by what a raw step action is matched
 * on: the first call's tool, and the command of a first `bash` call. A step finds its message in
 * logarithmic time, where trying every later message made a long run quadratic.
 */
class CallMessages {
  private readonly byName = new Map<string, number[]>();
  private readonly byBashCommand = new Map<string, number[]>();
  /** Messages before this one are taken (each step takes a later message than the previous). */
  private next = 0;

  constructor(readonly messages: Obj[]) {
    messages.forEach((m, i) => {
      const fc = toolCalls(m)[0];
      push(this.byName, fc.name, i);
      const command = fc.name === 'bash' ? str(decodedArgs(fc.args)?.command)?.trim() : undefined;
      if (command !== undefined) push(this.byBashCommand, command, i);
    });
  }

  /**
   * The calls of the next message whose first call is the one the raw action was rendered from
   * (same tool, or `bash` with the same command), taken; undefined when there is none.
   */
  take(action: string, raw: { name: string } | null): FnCall[] | undefined {
    if (!raw) return undefined;
    const j = Math.min(
      firstFrom(this.byName.get(raw.name), this.next),
      firstFrom(this.byBashCommand.get(action.trim()), this.next),
    );
    if (j === Infinity) return undefined;
    this.next = j + 1;
    return toolCalls(this.messages[j]);
  }
}

function push(index: Map<string, number[]>, key: string, i: number): void {
  const list = index.get(key);
  if (list) list.push(i);
  else index.set(key, [i]);
}

/** The first number of an ascending list that is at least `from`; Infinity when none is. */
function firstFrom(list: number[] | undefined, from: number): number {
  if (!list) return Infinity;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo] : Infinity;
}

function dropUndefined(c: CallDraft): CallDraft {
  for (const k of Object.keys(c) as (keyof CallDraft)[]) if (c[k] === undefined) delete c[k];
  return c;
}

function contextBefore(b: TranscriptBuilder, history: unknown[]): number {
  let i = 0;
  for (; i < history.length; i++) {
    const m = history[i];
    if (!isObj(m)) continue;
    if (m.role === 'assistant') break;
    const extra: Extra | undefined = m.is_demo === true ? { isDemo: true } : undefined;
    b.context(m.role === 'system' ? 'system' : 'user', messageText(m), undefined, extra);
  }
  return i;
}

/**
 * Each step is complete when read (its observation is its result), so it is normalised at once
 * and its parsed object let go: a `.traj` of a million steps holds one copy of them, not three.
 */
function fromTrajectory(b: TranscriptBuilder, steps: Steps, history: unknown[]): void {
  contextBefore(b, history);
  const messages = new CallMessages(
    history.filter((m): m is Obj => isObj(m) && m.role === 'assistant' && toolCalls(m).length > 0),
  );
  for (let i = 0; i < steps.length; i++) {
    const step = steps.take(i);
    if (!isObj(step)) {
      b.warn(`trajectory step ${i + 1} is not an object; skipped`);
      continue;
    }
    const turn: TurnDraft = { text: str(step.thought) ?? str(step.response) ?? '', calls: [] };
    const action = typeof step.action === 'string' ? step.action : '';
    const result = { content: step.observation ?? '', isError: undefined };
    const execTime = num(step.execution_time);
    const extra = execTime === undefined ? undefined : { executionTime: execTime };
    const raw = parseRawAction(action);
    const calls = messages.take(action, raw);
    if (calls) {
      // One step executes one action; extra parallel calls (rare) are kept without a result.
      // Results come from the step itself, not by id: replayed runs reuse the recorded ids.
      calls.forEach((fc, k) =>
        turn.calls!.push(
          dropUndefined({
            id: fc.id,
            name: fc.name,
            args: fc.args,
            result: k === 0 ? result : undefined,
            extra: k === 0 ? extra : undefined,
          }),
        ),
      );
    } else if (raw) turn.calls!.push(dropUndefined({ name: raw.name, args: raw.args, result, extra }));
    b.completeTurn(turn);
  }
}

function fromHistory(b: TranscriptBuilder, history: unknown[]): void {
  const start = contextBefore(b, history);
  for (let i = start; i < history.length; i++) {
    const m = history[i];
    if (!isObj(m)) {
      b.warn(`history item ${i + 1} is not an object; skipped`);
      continue;
    }
    if (m.role === 'assistant') {
      const turn = b.turn({ text: str(m.thought) ?? messageText(m) });
      const calls = toolCalls(m);
      for (const fc of calls) b.call(turn, { id: fc.id, name: fc.name, args: fc.args });
      const raw = calls.length === 0 && typeof m.action === 'string' ? parseRawAction(m.action) : null;
      if (raw) b.call(turn, { name: raw.name, args: raw.args });
    } else if (m.role === 'tool') {
      const ids = Array.isArray(m.tool_call_ids) ? m.tool_call_ids : [undefined];
      for (const id of ids) b.answer(str(id), undefined, messageText(m), undefined, `history item ${i + 1}`);
    } else if (m.role === 'user' && b.last()?.calls?.some((c) => !c.result && c.id === undefined)) {
      // v0.x: the observation of a raw action comes back as a user message.
      b.answer(undefined, undefined, messageText(m), undefined, `history item ${i + 1}`);
    } else b.context(m.role === 'system' ? 'system' : 'user', messageText(m));
  }
}

export async function parseSweAgent(src: ImportSource, _ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  const { doc, steps } = readTrajDocument(await src.text(), file, warnings);
  if (!isObj(doc)) throw new ImportError(file, 'a .traj file is one JSON object');
  const b = new TranscriptBuilder(file, warnings);
  const history = Array.isArray(doc.history) ? doc.history : [];
  if (steps.length > 0) fromTrajectory(b, steps, history);
  else if (history.length > 0) fromHistory(b, history);
  else throw new ImportError(file, 'neither "trajectory" steps nor "history" messages in this .traj file');
  const info = isObj(doc.info) ? doc.info : {};
  const extra: Extra = {};
  if (info.exit_status !== undefined) extra.exitStatus = info.exit_status;
  if (info.model_stats !== undefined) extra.modelStats = info.model_stats;
  const base = (file.split(/[\\/]/).pop() ?? file).replace(/\.traj$/i, '');
  const t = b.build({
    title: base,
    format: SWE_AGENT_FORMAT,
    source: file,
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { format: SWE_AGENT_FORMAT, transcripts: [t], warnings };
}

export const sweAgentImporter: Importer = {
  id: SWE_AGENT_FORMAT,
  label: 'SWE-agent trajectory (.traj)',
  matchesName: (name) => /\.traj$/i.test(name),
  sniff(head) {
    const h = scanJsonHead(head, 3);
    if (h.root !== 'object') return 'not a JSON object';
    const root = keysAt(h, '');
    const step = keysAt(h, 'trajectory.0');
    if (root.includes('trajectory') && (step.includes('action') || step.includes('observation'))) return null;
    const msg = keysAt(h, 'history.0');
    if (root.includes('history') && msg.includes('role') && (msg.includes('message_type') || msg.includes('agent')))
      return null;
    return 'no SWE-agent "trajectory" steps (action/observation) or "history" messages (role/agent)';
  },
  parse: parseSweAgent,
};
