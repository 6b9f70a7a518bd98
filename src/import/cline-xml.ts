/**
 * Tool calls that Cline, Roo Code and Kilo Code models write as XML in their text:
 * `<execute_command>\n<command>npm test</command>\n</execute_command>`. The harness parses them
 * (cline/cline `src/core/assistant-message/parse-assistant-message.ts`, Roo Code's
 * `AssistantMessageParser`) and runs them, so they are real calls, not text-written ones.
 *
 * Only tags that are known tool names become calls, plus snake_case tags whose body is nothing
 * but parameter tags (a tool of an MCP-extended or newer harness): prose that shows `<div>` or a
 * `<thinking>` block is not a call. One pass over the text; every closing tag is searched for at
 * most once per tag name after a miss, so hostile input (a megabyte of unclosed openers) stays
 * linear.
 */

/** Tool tags of Cline, Roo Code and Kilo Code (their system prompts' tool lists). */
export const CLINE_TOOL_NAMES: ReadonlySet<string> = new Set([
  'execute_command',
  'read_file',
  'write_to_file',
  'replace_in_file',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'ask_followup_question',
  'attempt_completion',
  'new_task',
  'plan_mode_respond',
  'load_mcp_documentation',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'focus_chain',
  // Roo Code and Kilo Code
  'apply_diff',
  'insert_content',
  'search_and_replace',
  'codebase_search',
  'switch_mode',
  'fetch_instructions',
  'update_todo_list',
  'run_slash_command',
  'generate_image',
  'edit_file',
  'delete_file',
]);

/** Parameters whose value may itself hold their closing tag (file contents, diffs): read to the last one. */
const GREEDY_PARAMS = new Set(['content', 'diff']);

/** Unknown tags tried as calls per text (distinct names, attempts, body size): bounds the work. */
const MAX_GENERIC_NAMES = 32;
const MAX_GENERIC_TRIES = 256;
const MAX_GENERIC_BODY = 64 * 1024;

export interface XmlToolCall {
  name: string;
  args: Record<string, string>;
  /** The closing tag was missing: Cline still runs such a call with the parameters read so far. */
  unclosed?: true;
}

export interface XmlParse {
  calls: XmlToolCall[];
  /** The text with the calls taken out, trimmed. */
  prose: string;
}

const isNameStart = (c: number) => (c >= 97 && c <= 122) || c === 95; // a-z, _
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57); // a-z, _, 0-9
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** The tag name of `<name>` at i (a plain opening tag, no attributes), or undefined. */
function openingTag(text: string, i: number): string | undefined {
  let j = i + 1;
  if (j >= text.length || !isNameStart(text.charCodeAt(j))) return undefined;
  while (j < text.length && j - i <= 64 && isNameChar(text.charCodeAt(j))) j++;
  return text.charCodeAt(j) === 62 /* > */ ? text.slice(i + 1, j) : undefined;
}

/** The parameters of a call body; `strict` (for unknown tags) refuses a body with anything else. */
function readParams(body: string, strict: boolean): Record<string, string> | undefined {
  const args: Record<string, string> = {};
  let p = 0;
  let count = 0;
  for (;;) {
    const lt = body.indexOf('<', p);
    if (lt === -1) {
      if (strict && body.slice(p).trim() !== '') return undefined;
      break;
    }
    if (strict && body.slice(p, lt).trim() !== '') return undefined;
    const name = openingTag(body, lt);
    // A tool tag inside a call is not one of its parameters (an opener repeated, a nested call).
    if (name === undefined || CLINE_TOOL_NAMES.has(name)) {
      if (strict) return undefined;
      p = lt + 1;
      continue;
    }
    const start = lt + name.length + 2;
    const close = `</${name}>`;
    const end = GREEDY_PARAMS.has(name) ? body.lastIndexOf(close) : body.indexOf(close, start);
    // An unclosed parameter runs to the end of the call (Cline reads a cut-off one the same way).
    const stop = end === -1 || end < start ? body.length : end;
    if (!(name in args)) args[name] = body.slice(start, stop).trim();
    count++;
    if (stop === body.length) break;
    p = stop + close.length;
  }
  return strict && count === 0 ? undefined : args;
}

/**
 * Where `</name>` first occurs at or after `from`, remembered per name: a later opener before
 * the remembered closing tag finds the same one, and after a miss none is found again.
 */
function closingFinder(text: string) {
  const found = new Map<string, number>();
  return (name: string, from: number): number => {
    const known = found.get(name);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = text.indexOf(`</${name}>`, from);
    found.set(name, at);
    return at;
  };
}

/** Finds the calls in an assistant text; everything else is prose. */
export function parseToolXml(text: string): XmlParse {
  const calls: XmlToolCall[] = [];
  if (text.indexOf('<') === -1) return { calls, prose: text.trim() };
  const prose: string[] = [];
  const closeOf = closingFinder(text);
  const genericNames = new Set<string>();
  let genericTries = 0;
  let from = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    const next = () => text.indexOf('<', i + 1);
    const name = openingTag(text, i);
    if (name === undefined) {
      i = next();
      continue;
    }
    const known = CLINE_TOOL_NAMES.has(name);
    if (!known) {
      // Unknown snake_case tags are tried a bounded number of times, with a bounded body.
      const fresh = !genericNames.has(name);
      if (!SNAKE.test(name) || genericTries >= MAX_GENERIC_TRIES || (fresh && genericNames.size >= MAX_GENERIC_NAMES)) {
        i = next();
        continue;
      }
      genericNames.add(name);
      genericTries++;
    }
    const bodyStart = i + name.length + 2;
    const end = closeOf(name, bodyStart);
    if (end === -1 && !known) {
      i = next();
      continue;
    }
    const bodyEnd = end === -1 ? text.length : end;
    const args =
      !known && bodyEnd - bodyStart > MAX_GENERIC_BODY ? undefined : readParams(text.slice(bodyStart, bodyEnd), !known);
    if (args === undefined) {
      i = next();
      continue;
    }
    prose.push(text.slice(from, i));
    const call: XmlToolCall = { name, args };
    calls.push(call);
    if (end === -1) {
      // A known tool left open takes the rest of the text (Cline runs it as it stands).
      call.unclosed = true;
      from = text.length;
      break;
    }
    from = end + name.length + 3;
    i = text.indexOf('<', from);
  }
  prose.push(text.slice(from));
  return { calls, prose: prose.join('').trim() };
}
