/**
 * Moatless Tools `trajectory.json`: a state machine run. Schema: aorwall/moatless-tools
 * `moatless/trajectory.py` (Trajectory.to_dict: name, initial_message, transitions, info;
 * TrajectoryTransition: id, name, timestamp, previous_state_id, properties, snapshot, actions)
 * as persisted in the repo's tests/trajectories (actions[j] = {request, response{trigger,
 * output, retry_message}, completion{model, input, response, usage}}).
 *
 * Decisions (also in docs/formats.md):
 * - Each action is one model completion, so one turn with one call: name = the transition's
 *   `name` (SearchCode, EditCode...), args = `request` without `scratch_pad`, which is the
 *   model's reasoning and becomes the turn text.
 * - Result content = `response` as compact JSON (trigger and output, lossless); a `retry`
 *   trigger (the harness refused the request, `retry_message` says why) is an error; `reject`
 *   is the model's own decision and is not.
 * - Tokens from completion.usage {prompt_tokens, completion_tokens}; timestamp = the
 *   transition's `timestamp` (older files have none).
 * - Transitions without actions (Pending, ExpandContext, Finished, Rejected) make no model
 *   call: they are not turns; the last transition's name is kept as transcript extra.finalState.
 * - `initial_message` is the first turn's user context. Title: info.instance_id, else the first
 *   info tag, else the file (its folder for `trajectory*.json`).
 */
import type { Extra, ImportWarning } from '../model/transcript';
import { keysAt, scanJsonHead } from './json-head';
import { jsonProblem, parseJson } from './json-parse';
import { isObj, num, str, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const MOATLESS_FORMAT = 'moatless';

function titleOf(doc: Obj, file: string): string {
  const info = isObj(doc.info) ? doc.info : {};
  const tag = Array.isArray(info.tags) ? str(info.tags[0]) : undefined;
  const parts = file.split(/[\\/]/);
  const base = parts.pop() ?? file;
  const fromFile = /^trajectory.*\.json$/i.test(base) && parts.length ? parts.pop()! : base.replace(/\.json$/i, '');
  return str(info.instance_id) ?? tag ?? fromFile;
}

function readAction(b: TranscriptBuilder, name: string, ts: string | undefined, a: unknown, where: string): void {
  if (!isObj(a)) return b.warn(`${where}: action is not an object; skipped`);
  const request = isObj(a.request) ? a.request : {};
  if (!isObj(a.request)) b.warn(`${where}: action has no "request" object; args left empty`);
  const { scratch_pad, ...args } = request;
  const completion = isObj(a.completion) ? a.completion : undefined;
  const usage = isObj(completion?.usage) ? completion.usage : undefined;
  const turn = b.turn({
    text: typeof scratch_pad === 'string' ? scratch_pad : '',
    timestamp: ts,
    tokens: usage ? { input: num(usage.prompt_tokens) ?? 0, output: num(usage.completion_tokens) ?? 0 } : undefined,
  });
  const response = isObj(a.response) ? a.response : undefined;
  const result = response ? { content: JSON.stringify(response), isError: response.trigger === 'retry' } : undefined;
  b.call(turn, { name, args, result });
}

export async function parseMoatless(src: ImportSource, _ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  let doc: unknown;
  try {
    doc = parseJson(await src.text(), { file, warnings });
  } catch (e) {
    if (e instanceof DOMException) throw e;
    throw new ImportError(file, jsonProblem(e));
  }
  if (!isObj(doc) || !Array.isArray(doc.transitions))
    throw new ImportError(file, 'no "transitions" list: not a Moatless trajectory');
  const b = new TranscriptBuilder(file, warnings);
  b.context('user', str(doc.initial_message) ?? '');
  let finalState: string | undefined;
  doc.transitions.forEach((tr, i) => {
    if (!isObj(tr)) return b.warn(`transition ${i}: not an object; skipped`);
    const name = str(tr.name) ?? 'unknown';
    finalState = name;
    const actions = Array.isArray(tr.actions) ? tr.actions : [];
    actions.forEach((a, j) =>
      readAction(b, name, str(tr.timestamp), a, `transition ${String(tr.id ?? i)} (${name}) action ${j + 1}`),
    );
  });
  const extra: Extra = {};
  if (finalState) extra.finalState = finalState;
  const t = b.build({
    title: titleOf(doc, file),
    format: MOATLESS_FORMAT,
    source: file,
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { format: MOATLESS_FORMAT, transcripts: [t], warnings };
}

export const moatlessImporter: Importer = {
  id: MOATLESS_FORMAT,
  label: 'Moatless Tools trajectory',
  // trajectory.json is a name many agents use: content decides.
  matchesName: () => false,
  sniff(head) {
    const h = scanJsonHead(head, 3);
    if (h.root !== 'object') return 'not a JSON object';
    const root = keysAt(h, '');
    if (!root.includes('transitions')) return 'no "transitions" list';
    const tr = keysAt(h, 'transitions.0');
    if (
      root.includes('initial_message') ||
      (tr.includes('name') && (tr.includes('actions') || tr.includes('properties')))
    )
      return null;
    return '"transitions" without Moatless states (name, actions) or an "initial_message"';
  },
  parse: parseMoatless,
};
