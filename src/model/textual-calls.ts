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

import { ForwardSearch } from './forward-search';
import { MAX_JSON_DEPTH, mayNestDeeperThan, nestedDeeperThan } from './json-depth';

export interface TextualCall {
  name: string;
  args: Record<string, unknown>;
}

/** Told why a call found in the text was left out (its JSON nests too deep). */
export type TextualCallWarn = (reason: string) => void;

export const TOO_DEEP_CALL = `a text-written call nests deeper than ${MAX_JSON_DEPTH} levels; left out`;

const NAME = /^[A-Za-z_][\w.-]{0,127}$/;

/** Cheap test before any parsing: most turns hold none of these. */
export function mayHoldTextualCall(text: string): boolean {
  return (
    text.includes('<function') || text.includes('<tool_call>') || (text.includes('```') && text.includes('"name"'))
  );
}

/*
 * Every scan below is linear in the text: each search starts after the previous answer, or goes
 * through a ForwardSearch when several starts look for the same closing tag. The behaviour is the
 * one of the regular expressions written beside each function.
 */

/** A value written between tags: one newline after the opening and before the closing tag is layout. */
function tagValue(s: string): string {
  let v = s;
  if (v.startsWith('\n')) v = v.slice(1);
  if (v.endsWith('\n')) v = v.slice(0, -1);
  return v;
}

function xmlParams(body: string): Record<string, unknown> {
  // A Map, then own properties: `<parameter=toString>` is a key like any other (`in` on an object
  // saw the prototype's and dropped it), and `<parameter=__proto__>` sets no prototype.
  const args = new Map<string, string>();
  const open = '<parameter=';
  const closes = new ForwardSearch((from) => body.indexOf('</parameter>', from));
  let i = body.indexOf(open);
  while (i !== -1) {
    const gt = body.indexOf('>', i + open.length);
    if (gt === -1) break;
    const key = body.slice(i + open.length, gt).trim();
    const close = closes.at(gt + 1);
    const nextOpen = body.indexOf(open, gt + 1);
    // An unclosed parameter runs to the next one (or the end of the call).
    const end =
      close !== -1 && (nextOpen === -1 || close < nextOpen) ? close : nextOpen !== -1 ? nextOpen : body.length;
    if (key !== '' && !args.has(key)) args.set(key, tagValue(body.slice(gt + 1, end)));
    i = nextOpen;
  }
  return Object.fromEntries(args);
}

/** `[\w.-]`, as the regular expressions of names read it. */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;
}

/**
 * The opening tag at `at` (just after `<function`): `=([^>\n]+)>` or `>([A-Za-z_][\w.-]*)>`, as the
 * end of the tag (its raw name lies between `at + 1` and the closing `>`); -1 when neither matches.
 */
function xmlOpening(text: string, at: number, nameEnds: ForwardSearch): number {
  if (text[at] === '=') {
    const j = nameEnds.at(at + 1);
    return j > at + 1 && text[j] === '>' ? j + 1 : -1;
  }
  if (text[at] !== '>') return -1;
  const first = text.charCodeAt(at + 1);
  if (!isNameChar(first) || (first >= 48 && first <= 57) || first === 46 || first === 45) return -1;
  let k = at + 2;
  while (k < text.length && isNameChar(text.charCodeAt(k))) k++;
  return text[k] === '>' ? k + 1 : -1;
}

/**
 * `<function=NAME>` and `<function>NAME>` calls, in order. Positions rather than objects pass
 * between the steps: a 1 MB text holds 80,000 calls, and per-call garbage cost more than the scan.
 */
function xmlCalls(text: string, out: TextualCall[]): void {
  const OPEN = '<function';
  // A loop rather than a regex: exec allocates a match each time.
  const nameEnds = new ForwardSearch((from) => {
    for (let i = from; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 62 || c === 10) return i;
    }
    return -1;
  });
  const tagEnd = (p: number) => xmlOpening(text, p + OPEN.length, nameEnds);
  const nameOf = (p: number, end: number) => text.slice(p + OPEN.length + 1, end - 1).trim();
  /** The next opening whose name is a name, searching from `from`; -1 for none. */
  const nextStart = (from: number): number => {
    for (let p = text.indexOf(OPEN, from); p !== -1;) {
      const end = tagEnd(p);
      if (end !== -1 && NAME.test(nameOf(p, end))) return p;
      p = text.indexOf(OPEN, end !== -1 ? end : p + 1);
    }
    return -1;
  };
  const closes = new ForwardSearch((from) => text.indexOf('</function>', from));
  // A call runs to its </function>, or to the next opening when that comes first.
  for (let p = nextStart(0); p !== -1;) {
    const bodyAt = tagEnd(p);
    const next = nextStart(bodyAt);
    const close = closes.at(bodyAt);
    const limit = next !== -1 ? next : text.length;
    const end = close !== -1 && close < limit ? close : limit;
    out.push({ name: nameOf(p, bodyAt), args: end > bodyAt ? xmlParams(text.slice(bodyAt, end)) : {} });
    p = next;
  }
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const TOO_DEEP = Symbol('too deep');

/** JSON.parse with the depth limit of json-depth.ts; undefined for text that is not JSON. */
function parseShallow(text: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  return mayNestDeeperThan(text) && nestedDeeperThan(v) ? TOO_DEEP : v;
}

/** `{name, arguments | parameters}` (arguments may be a JSON string, as OpenAI writes them). */
function jsonCall(v: unknown): TextualCall | null | typeof TOO_DEEP {
  if (!isObj(v) || typeof v.name !== 'string' || !NAME.test(v.name)) return null;
  // Without "arguments" / "parameters" it is data that happens to have a name (package.json).
  if (!('arguments' in v) && !('parameters' in v)) return null;
  let args = v.arguments !== undefined ? v.arguments : v.parameters;
  if (typeof args === 'string') {
    args = parseShallow(args);
    if (args === TOO_DEEP) return TOO_DEEP;
    if (args === undefined) return null;
  }
  if (args === undefined || args === null) args = {};
  return isObj(args) ? { name: v.name, args } : null;
}

function jsonCalls(body: string, out: TextualCall[], warn?: TextualCallWarn): void {
  const t = body.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return;
  const v = parseShallow(t);
  if (v === undefined) return;
  if (v === TOO_DEEP) return warn?.(TOO_DEEP_CALL);
  const calls = (Array.isArray(v) ? v : [v]).map(jsonCall);
  if (calls.includes(TOO_DEEP)) return warn?.(TOO_DEEP_CALL);
  // A list is calls only if every element is one (otherwise it is data shown to the user).
  if (calls.length > 0 && calls.every((c) => c !== null)) out.push(...(calls as TextualCall[]));
}

/** `<tool_call>([\s\S]*?)(?:<\/tool_call>|$)`: an unclosed tag runs to the end of the text. */
function taggedJsonCalls(text: string, out: TextualCall[], warn?: TextualCallWarn): void {
  const OPEN = '<tool_call>';
  const CLOSE = '</tool_call>';
  for (let i = text.indexOf(OPEN); i !== -1;) {
    const close = text.indexOf(CLOSE, i + OPEN.length);
    jsonCalls(text.slice(i + OPEN.length, close === -1 ? text.length : close), out, warn);
    if (close === -1) return;
    i = text.indexOf(OPEN, close + CLOSE.length);
  }
}

function skipBlanks(text: string, at: number): number {
  let k = at;
  while (text[k] === ' ' || text[k] === '\t') k++;
  return k;
}

/** `[ \t]*```[ \t]*(json|JSON)?[ \t]*\n` at `at`: where the block's body starts, or -1. */
function fenceOpening(text: string, at: number): number {
  let k = skipBlanks(text, at);
  if (!text.startsWith('```', k)) return -1;
  k = skipBlanks(text, k + 3);
  if (text.startsWith('json', k) || text.startsWith('JSON', k)) k = skipBlanks(text, k + 4);
  return text[k] === '\n' ? k + 1 : -1;
}

/** The first `\n[ \t]*```` at or after `from` (where a body ends), or -1. */
function fenceClosing(text: string, from: number): number {
  for (let k = text.indexOf('\n', from); k !== -1; k = text.indexOf('\n', k + 1))
    if (text.startsWith('```', skipBlanks(text, k + 1))) return k;
  return -1;
}

/** The start of the line after `at` (a line ends at \n, \r, U+2028 or U+2029, as for `^` in /m), or -1. */
function nextLineStart(text: string, at: number, lineEnd: RegExp): number {
  lineEnd.lastIndex = at;
  const m = lineEnd.exec(text);
  return m ? m.index + 1 : -1;
}

/** Blocks matching /^[ \t]*```[ \t]*(json|JSON)?[ \t]*\n([\s\S]*?)\n[ \t]*```/gm. */
function fencedJsonCalls(text: string, out: TextualCall[], warn?: TextualCallWarn): void {
  const closings = new ForwardSearch((from) => fenceClosing(text, from));
  const lineEnd = /[\n\r\u2028\u2029]/g;
  for (let line = 0; line !== -1;) {
    let resume = line;
    const bodyAt = fenceOpening(text, line);
    if (bodyAt !== -1) {
      const end = closings.at(bodyAt);
      // No closing fence after this opening, so none after any later one either.
      if (end === -1) return;
      const body = text.slice(bodyAt, end);
      if (body.includes('"name"')) jsonCalls(body, out, warn);
      resume = skipBlanks(text, end + 1) + 3;
    }
    line = nextLineStart(text, resume, lineEnd);
  }
}

/**
 * The calls written as text in an assistant message, in the order of their syntax groups. A call
 * whose JSON nests deeper than MAX_JSON_DEPTH is left out and `warn` is told.
 */
export function findTextualCalls(text: string, warn?: TextualCallWarn): TextualCall[] {
  if (!mayHoldTextualCall(text)) return [];
  const out: TextualCall[] = [];
  if (text.includes('<function')) xmlCalls(text, out);
  if (text.includes('<tool_call>')) taggedJsonCalls(text, out, warn);
  if (out.length === 0 && text.includes('```')) fencedJsonCalls(text, out, warn);
  return out;
}
