/**
 * Tool calls written as text in an assistant message instead of a real call (docs/formats.md,
 * "Text-written calls"). Pure; the normaliser runs it on assistant turns that have no real call.
 *
 * Syntaxes:
 * - `<function=NAME>` `<parameter=KEY>value</parameter>` … `</function>`: the prompt-based
 *   function calling of OpenHands (`openhands/llm/fn_call_converter.py`, used for models without
 *   native tool calls) and Qwen3-Coder's chat template. The closing `</function>` is optional:
 *   OpenHands stops generation at `</function` (its stop word), so the logged text often ends
 *   without it.
 * - `<function>NAME>`: the same with a broken opening tag, seen in real OpenHands logs.
 * - `<tool_call>{"name": …, "arguments": …}</tool_call>`: the Hermes / Qwen2.5 template.
 * - A fenced JSON block (```json or ```) holding `{"name": …, "arguments" | "parameters": …}` or
 *   a list of such objects.
 *
 * SWE-agent style command blocks (a bare ``` block with a shell command) are not read as calls:
 * in `.traj` files SWE-agent already parsed that block into the step's `action` (a real call),
 * and in any other format a bare code block cannot be told apart from code shown to the user.
 */

export interface TextualCall {
  name: string;
  args: Record<string, unknown>;
}

const NAME = /^[A-Za-z_][\w.-]{0,127}$/;

/** Cheap test before any parsing: most turns hold none of these. */
export function mayHoldTextualCall(text: string): boolean {
  return (
    text.includes('<function') || text.includes('<tool_call>') || (text.includes('```') && text.includes('"name"'))
  );
}

/** A value written between tags: one newline after the opening and before the closing tag is layout. */
function tagValue(s: string): string {
  let v = s;
  if (v.startsWith('\n')) v = v.slice(1);
  if (v.endsWith('\n')) v = v.slice(0, -1);
  return v;
}

function xmlParams(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const open = '<parameter=';
  let i = body.indexOf(open);
  while (i !== -1) {
    const gt = body.indexOf('>', i + open.length);
    if (gt === -1) break;
    const key = body.slice(i + open.length, gt).trim();
    const close = body.indexOf('</parameter>', gt + 1);
    const nextOpen = body.indexOf(open, gt + 1);
    // An unclosed parameter runs to the next one (or the end of the call).
    const end =
      close !== -1 && (nextOpen === -1 || close < nextOpen) ? close : nextOpen !== -1 ? nextOpen : body.length;
    if (key !== '' && !(key in args)) args[key] = tagValue(body.slice(gt + 1, end));
    i = nextOpen;
  }
  return args;
}

/** `<function=NAME>` and `<function>NAME>` calls, in order. */
function xmlCalls(text: string, out: TextualCall[]): void {
  const re = /<function(?:=([^>\n]+)>|>([A-Za-z_][\w.-]*)>)/g;
  const starts: { at: number; bodyAt: number; name: string }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = (m[1] ?? m[2]).trim();
    if (NAME.test(name)) starts.push({ at: m.index, bodyAt: m.index + m[0].length, name });
  }
  starts.forEach((s, k) => {
    const limit = k + 1 < starts.length ? starts[k + 1].at : text.length;
    const close = text.indexOf('</function>', s.bodyAt);
    const end = close !== -1 && close < limit ? close : limit;
    out.push({ name: s.name, args: xmlParams(text.slice(s.bodyAt, end)) });
  });
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{name, arguments | parameters}` (arguments may be a JSON string, as OpenAI writes them). */
function jsonCall(v: unknown): TextualCall | null {
  if (!isObj(v) || typeof v.name !== 'string' || !NAME.test(v.name)) return null;
  // Without "arguments" / "parameters" it is data that happens to have a name (package.json).
  if (!('arguments' in v) && !('parameters' in v)) return null;
  let args = v.arguments !== undefined ? v.arguments : v.parameters;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return null;
    }
  }
  if (args === undefined || args === null) args = {};
  return isObj(args) ? { name: v.name, args } : null;
}

function jsonCalls(body: string, out: TextualCall[]): void {
  const t = body.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return;
  }
  const list = Array.isArray(v) ? v : [v];
  const calls = list.map(jsonCall);
  // A list is calls only if every element is one (otherwise it is data shown to the user).
  if (calls.length > 0 && calls.every((c) => c !== null)) out.push(...(calls as TextualCall[]));
}

function taggedJsonCalls(text: string, out: TextualCall[]): void {
  const re = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) jsonCalls(m[1], out);
}

function fencedJsonCalls(text: string, out: TextualCall[]): void {
  const re = /^[ \t]*```[ \t]*(json|JSON)?[ \t]*\n([\s\S]*?)\n[ \t]*```/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[2].includes('"name"')) jsonCalls(m[2], out);
}

/** The calls written as text in an assistant message, in the order of their syntax groups. */
export function findTextualCalls(text: string): TextualCall[] {
  if (!mayHoldTextualCall(text)) return [];
  const out: TextualCall[] = [];
  if (text.includes('<function')) xmlCalls(text, out);
  if (text.includes('<tool_call>')) taggedJsonCalls(text, out);
  if (out.length === 0 && text.includes('```')) fencedJsonCalls(text, out);
  return out;
}
