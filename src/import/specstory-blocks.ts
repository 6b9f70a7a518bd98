/**
 * One assistant message of a SpecStory export cut into its text and its tool calls, in order.
 * One pass over the lines, fences tracked (a `---` or a tag inside a code block is code):
 *
 * - `<tool-use …>` … `</tool-use>`: a call (specstory-tools.ts reads it), any flavour.
 * - `<think>` … `</think>`: the model's thinking, kept apart from the text.
 * - `Error calling tool 'x'.`: a call of x that failed before it ran.
 * - Otherwise `---` separates blocks. In exports without a Markdown version (Cursor before v2),
 *   a block is a call when it opens with what Cursor wrote for one:
 *     `Tool use: **name**` + the body below            that tool
 *     ```` ```bash ```` command + a fence of output         run_terminal_cmd {command}
 *     `<details><summary>Searched codebase "q" …`      codebase_search {query} (also grep_search,
 *                                                      list_dir, file_search, web_search)
 *     `Read file: path`                                read_file {path}
 *     a block that is one other fence (a diff, code
 *     with "// ... existing code ...")                 edit_file {diff} or {language, code}
 *     `Could not find file 'p' …`                      read_file {path}, an error
 *     `Model provided invalid arguments to X tool.`    X, an error
 *     `Tool call timed out after 10s (read file)`      read_file, an error
 *     `Cancelled`                                      cancelled, an error (the user stopped a call)
 *     `### Rule: name`                                 fetch_rules {rule}
 *   Every other block is text.
 */
import type { CallDraft } from '../model/normalize';
import { closesFence, fenceOpen, isSeparator, type Fence } from './specstory-lines';
import { errorShown, isShellFence, summaryCall, toolNameOf, toolUseCall, toolUseTag } from './specstory-tools';

export type Item = { kind: 'text'; text: string } | { kind: 'call'; call: CallDraft } | { kind: 'think'; text: string };

const ERROR_CALLING = /^Error calling tool '([^']{1,200})'\.?\s*$/;

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a].trim() === '') a++;
  while (b > a && lines[b - 1].trim() === '') b--;
  return lines.slice(a, b);
}

/** Cuts a message's lines into items; `legacy` turns on the block calls of Cursor before v2. */
export function messageItems(lines: string[], legacy: boolean): Item[] {
  const items: Item[] = [];
  let block: string[] = [];
  let fence: Fence | undefined;
  /** Inside `<tool-use>` (its opening tag) or `<think>`. */
  let span: { kind: 'tool' | 'think'; open: string; lines: string[] } | undefined;
  const flush = () => {
    const b = trimBlank(block);
    block = [];
    if (b.length) items.push(legacy ? legacyBlock(b) : { kind: 'text', text: b.join('\n') });
  };
  for (const line of lines) {
    if (fence) {
      (span ? span.lines : block).push(line);
      if (closesFence(line, fence)) fence = undefined;
      continue;
    }
    if (span) {
      span.lines.push(line);
      const end = span.kind === 'tool' ? '</tool-use>' : '</think>';
      if (line.includes(end)) {
        if (span.kind === 'tool') items.push({ kind: 'call', call: toolUseCall(toolUseTag(span.open), span.lines) });
        else items.push({ kind: 'think', text: thinkText(span.open, span.lines) });
        span = undefined;
      } else fence = fenceOpen(line);
      continue;
    }
    if (isSeparator(line)) {
      flush();
      continue;
    }
    if (line.startsWith('<tool-use') || line.startsWith('<think>')) {
      flush();
      const kind = line.startsWith('<think>') ? 'think' : 'tool';
      const close = kind === 'tool' ? '</tool-use>' : '</think>';
      if (line.includes(close)) {
        const rest = line.slice(line.indexOf('>') + 1);
        if (kind === 'tool') items.push({ kind: 'call', call: toolUseCall(toolUseTag(line), [rest]) });
        else items.push({ kind: 'think', text: thinkText(line, []) });
      } else span = { kind, open: line, lines: [] };
      continue;
    }
    const err = ERROR_CALLING.exec(line);
    if (err) {
      flush();
      items.push({ kind: 'call', call: failed(err[1], {}, line.trim()) });
      continue;
    }
    fence = fenceOpen(line);
    block.push(line);
  }
  // An unclosed `<tool-use>` or `<think>` at the end of the message is still what it was.
  if (span?.kind === 'tool') items.push({ kind: 'call', call: toolUseCall(toolUseTag(span.open), span.lines) });
  else if (span) items.push({ kind: 'think', text: thinkText(span.open, span.lines) });
  flush();
  return items;
}

function thinkText(open: string, lines: string[]): string {
  const all = [open, ...lines].join('\n');
  return all.replace(/<\/?think>|<\/?details>|<summary>[^<]{0,200}<\/summary>/g, '').trim();
}

function failed(name: string, args: Record<string, unknown>, content: string): CallDraft {
  return { name, args, result: { content, isError: true } };
}

/** A fence at `lines[i]`: its info and content, and the index after its closing line. */
function fenceAt(lines: string[], i: number): { info: string; text: string; next: number } | undefined {
  const open = fenceOpen(lines[i] ?? '');
  if (!open) return undefined;
  let j = i + 1;
  while (j < lines.length && !closesFence(lines[j], open)) j++;
  return { info: open.info, text: lines.slice(i + 1, j).join('\n'), next: j + 1 };
}

function skipBlank(lines: string[], i: number): number {
  while (i < lines.length && lines[i].trim() === '') i++;
  return i;
}

/** Cursor's terminal block: the command fence, then (after blank lines) a fence of its output. */
function terminalCall(name: string, lines: string[], at: number): CallDraft | undefined {
  const cmd = fenceAt(lines, at);
  if (!cmd || !isShellFence(cmd.info)) return undefined;
  let i = skipBlank(lines, cmd.next);
  const out = fenceAt(lines, i);
  if (out && out.info === '') i = skipBlank(lines, out.next);
  if (i < lines.length) return undefined;
  const call: CallDraft = { name, args: { command: cmd.text } };
  if (out && out.info === '') call.result = { content: out.text, isError: errorShown(out.text, true) };
  return call;
}

/** A `<details>` block: its summary names the call, its body is the result. */
function detailsCall(lines: string[]): CallDraft | undefined {
  const joined = lines.join('\n');
  const a = joined.indexOf('<summary>');
  const b = joined.indexOf('</summary>');
  if (a < 0 || b < a) return undefined;
  const known = summaryCall(joined.slice(a + 9, b).trim());
  if (!known) return undefined;
  const body = joined
    .slice(b + 10)
    .replace(/<\/details>\s*$/, '')
    .trim();
  return { name: known.name, args: known.args, result: { content: body, isError: undefined } };
}

function legacyCall(lines: string[], name?: string): CallDraft | undefined {
  const first = lines[0].trim();
  let m: RegExpExecArray | null;
  if (first.startsWith('<details')) return detailsCall(lines);
  if (fenceOpen(lines[0])) {
    const term = terminalCall(name ?? 'run_terminal_cmd', lines, 0);
    if (term) return term;
    const only = fenceAt(lines, 0)!;
    if (only.next < lines.length || isShellFence(only.info)) return undefined;
    const args =
      only.info === 'diff' || only.info === '' ? { diff: only.text } : { language: only.info, code: only.text };
    return { name: name ?? 'edit_file', args };
  }
  if ((m = /^Read file: (.+)$/.exec(first))) {
    const rest = lines.slice(1).join('\n').trim();
    return { name: 'read_file', args: { path: m[1] }, result: rest ? { content: rest } : undefined };
  }
  if ((m = /^Could not find file '(.{1,1000}?)'/.exec(first))) return failed('read_file', { path: m[1] }, first);
  if ((m = /^Model provided invalid arguments to (.{1,100}?) tool\.?$/.exec(first)))
    return failed(toolNameOf(m[1]), {}, first);
  if ((m = /^Tool call timed out after \S{1,20} \((.{1,100})\)$/.exec(first)))
    return failed(toolNameOf(m[1]), {}, first);
  if (first === 'Cancelled' && lines.length === 1) return failed('cancelled', {}, first);
  if ((m = /^### Rule: (.{1,200})$/.exec(first)))
    return { name: 'fetch_rules', args: { rule: m[1].trim() }, result: { content: lines.slice(1).join('\n').trim() } };
  return undefined;
}

/** A `---` block of a Cursor export before v2: a call when it opens like one, else text. */
function legacyBlock(lines: string[]): Item {
  const named = /^Tool use: \*\*([^*]{1,100})\*\*\s*$/.exec(lines[0].trim());
  if (named) {
    const body = trimBlank(lines.slice(1));
    const inner = body.length ? legacyCall(body, named[1]) : undefined;
    const call: CallDraft = inner ? { ...inner, name: named[1] } : { name: named[1], args: {} };
    if (!inner && body.length) call.result = { content: body.join('\n') };
    return { kind: 'call', call };
  }
  const call = legacyCall(lines);
  return call ? { kind: 'call', call } : { kind: 'text', text: lines.join('\n') };
}
