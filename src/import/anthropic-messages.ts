/**
 * Anthropic Messages API transcripts. Schema: anthropics/anthropic-sdk-typescript
 * (MessageParam {role, content: string | ContentBlockParam[]}; TextBlock, ToolUseBlock
 * {id, name, input}, ToolResultBlockParam {tool_use_id, content: string | blocks, is_error},
 * ThinkingBlock, ServerToolUseBlock, WebSearchToolResultBlock; Message response {id,
 * type: "message", role, content, usage {input_tokens, output_tokens, cache_*}}).
 * Accepted: a bare array of messages, `{messages}`, `{system, messages}` and a response object.
 */
import type { ImportWarning } from '../model/transcript';
import { sniffClineTask } from './cline-task';
import { openJsonDocs } from './json-docs';
import { keyValue, keysAt, scanJsonHead } from './json-head';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const ANTHROPIC_FORMAT = 'anthropic-messages';

const ANTHROPIC_TYPES = keyValue(
  'type',
  'tool_use|tool_result|server_tool_use|mcp_tool_use|thinking|redacted_thinking',
);

/** Text of a string or block list; images and documents become placeholders. */
export function anthropicText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const out: string[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') out.push(b.text);
    else if (b.type === 'image') out.push('[image]');
    else if (b.type === 'document') out.push('[document]');
  }
  return out.join('\n');
}

/** Result content: tool_result text, or the raw value (server tool results are JSON). */
function resultContent(content: unknown): unknown {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((b) => isObj(b) && (b.type === 'text' || b.type === 'image')))
    return anthropicText(content);
  return content ?? '';
}

function isResultError(block: Obj): boolean {
  if (block.is_error === true) return true;
  // Server tool results report failure as content {type: "..._tool_result_error", error_code}.
  return isObj(block.content) && typeof block.content.type === 'string' && block.content.type.endsWith('_error');
}

const isCallBlock = (t: unknown) => t === 'tool_use' || t === 'server_tool_use' || t === 'mcp_tool_use';
const isResultBlock = (t: unknown) => typeof t === 'string' && t.endsWith('tool_result');

export function usageTokens(usage: unknown): { input?: number; output?: number } | undefined {
  if (!isObj(usage)) return undefined;
  // input_tokens excludes cache reads and writes; the turn consumed all three.
  const input =
    (num(usage.input_tokens) ?? 0) +
    (num(usage.cache_creation_input_tokens) ?? 0) +
    (num(usage.cache_read_input_tokens) ?? 0);
  return { input, output: num(usage.output_tokens) ?? 0 };
}

function addMessage(b: TranscriptBuilder, m: unknown, where: string): void {
  if (!isObj(m)) return b.warn(`${where} is not an object; skipped`);
  const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  if (!Array.isArray(blocks)) return b.warn(`${where}: "content" is neither a string nor a block list; skipped`);
  if (m.role === 'assistant') {
    const turn = b.turn({ text: anthropicText(blocks), tokens: usageTokens(m.usage), timestamp: str(m.timestamp) });
    const thinking = blocks.filter((x) => isObj(x) && x.type === 'thinking' && typeof x.thinking === 'string');
    if (thinking.length) turn.extra = { reasoning: thinking.map((x) => (x as Obj).thinking).join('\n') };
    if (str(m.id)) turn.extra = { ...turn.extra, messageId: m.id };
    for (const x of blocks) {
      if (!isObj(x)) continue;
      if (isCallBlock(x.type)) b.call(turn, { id: str(x.id), name: str(x.name) ?? 'unknown', args: x.input ?? {} });
      else if (isResultBlock(x.type))
        b.answer(str(x.tool_use_id), undefined, resultContent(x.content), isResultError(x), `${where} (${x.type})`);
    }
    return;
  }
  if (m.role !== 'user') return b.warn(`${where}: unknown role ${JSON.stringify(m.role) ?? 'nothing'}; skipped`);
  // Results first: they answer the previous turn; text in the same message is the user speaking.
  for (const x of blocks)
    if (isObj(x) && isResultBlock(x.type)) {
      const id = str(x.tool_use_id);
      if (id === undefined) b.warn(`${where}: ${String(x.type)} has no "tool_use_id"; skipped`);
      else b.answer(id, undefined, resultContent(x.content), isResultError(x), `${where} (tool_result)`);
    }
  b.context('user', anthropicText(blocks.filter((x) => !(isObj(x) && isResultBlock(x.type)))), str(m.timestamp));
}

function isResponse(o: Obj): boolean {
  return o.type === 'message' && o.role === 'assistant' && Array.isArray(o.content);
}

export async function parseAnthropicMessages(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const { kind, docs } = await openJsonDocs(src, warnings, ctx.signal);
  const transcripts = [];
  for await (const d of docs) {
    const b = new TranscriptBuilder(src.name, warnings);
    b.line = d.line;
    const v = d.value;
    const extra: Obj = {};
    if (Array.isArray(v)) v.forEach((m, i) => addMessage(b, m, `message ${i + 1}`));
    else if (isObj(v) && Array.isArray(v.messages)) {
      const system = anthropicText(v.system);
      if (system) b.context('system', system);
      v.messages.forEach((m, i) => addMessage(b, m, `message ${i + 1}`));
      if (str(v.model)) extra.model = v.model;
    } else if (isObj(v) && isResponse(v)) {
      addMessage(b, v, 'response');
      if (str(v.model)) extra.model = v.model;
      if (str(v.stop_reason)) extra.stopReason = v.stop_reason;
    } else {
      warnings.push({
        file: src.name,
        line: d.line,
        reason: 'neither a message array, a {messages} request nor a message response; skipped',
      });
      continue;
    }
    if (b.isEmpty()) continue;
    const many = kind === 'jsonl' && d.line !== undefined;
    transcripts.push(
      b.build({
        format: ANTHROPIC_FORMAT,
        source: src.name,
        title: titleFrom(b.firstUserText()) ?? (many ? `${src.name} (line ${d.line})` : src.name),
        extra: Object.keys(extra).length ? extra : undefined,
      }),
    );
  }
  if (transcripts.length === 0) throw new ImportError(src.name, 'no Anthropic messages found');
  return { format: ANTHROPIC_FORMAT, transcripts, warnings };
}

export function sniffAnthropicMessages(head: string): string | null {
  if (/"parentUuid"\s*:/.test(head)) return 'a Claude Code session log, not a Messages API transcript';
  if (/"tool_calls"\s*:|"tool_call_id"\s*:|"role"\s*:\s*"tool"/.test(head))
    return 'it has OpenAI "tool_calls" / tool messages';
  const h = scanJsonHead(head, 3);
  const blocks = ANTHROPIC_TYPES.test(head);
  if (h.root === 'array') {
    if (!keysAt(h, '0').includes('role')) return 'a JSON array, but its first element has no "role"';
    if (sniffClineTask(head) === null) return 'a Cline / Roo Code task history (its tool answers are user text)';
    return blocks ? null : 'no tool_use / tool_result / thinking blocks (plain text arrays are read as OpenAI chat)';
  }
  if (h.root !== 'object') return 'not a JSON object or array';
  const top = keysAt(h, '');
  if (top.includes('messages')) {
    const m = keysAt(h, 'messages.0');
    if (m.length > 0 && !m.includes('role')) return 'its messages have no "role"';
    if (top.includes('system') || blocks) return null;
    return 'no "system" and no tool_use / tool_result blocks (plain text requests are read as OpenAI chat)';
  }
  // One Messages API response is one object; JSON Lines starting with such a record are
  // Responses API items written one a line (their `message` items look the same).
  if (['type', 'role', 'content'].every((k) => top.includes(k)) && keyValue('type', 'message').test(head))
    return h.moreValues ? 'JSON Lines, not one Messages API response' : null;
  return 'no "messages" array, message array or Messages API response';
}

export const anthropicMessagesImporter: Importer = {
  id: ANTHROPIC_FORMAT,
  label: 'Anthropic Messages',
  matchesName: () => false,
  sniff: (head) => sniffAnthropicMessages(head),
  parse: parseAnthropicMessages,
};
