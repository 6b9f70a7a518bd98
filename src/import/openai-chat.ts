/**
 * OpenAI Chat Completions transcripts (schema: openai/openai-openapi CreateChatCompletionRequest
 * and CreateChatCompletionResponse). Accepted shapes:
 * - a bare array of messages, or an array of `{messages}` requests (one transcript each);
 * - a request `{model?, messages: [...]}`;
 * - a completion response `{object: "chat.completion", choices: [{message}], usage}`: one turn;
 * - JSON Lines of any of those. Loggers write the growing conversation once per request, so a
 *   line whose messages start with all of the previous line's messages continues that
 *   transcript (the longest wins); any other line starts a new transcript.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { sniffClineTask } from './cline-task';
import { openJsonDocs } from './json-docs';
import { hasKeys, keyValue, keysAt, scanJsonHead } from './json-head';
import { addChatMessage, addChatMessages } from './openai-chat-messages';
import { isObj, isoFromSeconds, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const OPENAI_CHAT_FORMAT = 'openai-chat';

/** Content-block types that belong to other formats (Anthropic, Responses). */
const FOREIGN_TYPES = keyValue(
  'type',
  'tool_use|tool_result|server_tool_use|thinking|redacted_thinking|function_call|function_call_output|input_text|output_text|reasoning|custom_tool_call',
);

interface Conversation {
  /** The JSON Lines record, for warnings. */
  line?: number;
  /** The element of a JSON array of requests, for the title. */
  record?: number;
  lastLine?: number;
  messages: unknown[];
  /** A completion response: its choice message becomes the last turn, with usage. */
  response?: Obj;
  model?: string;
}

function isCompletion(o: Obj): boolean {
  return Array.isArray(o.choices);
}

/** Splits one parsed value into conversations; null when it is not a chat shape at all. */
function conversationsOf(value: unknown, line: number | undefined): Conversation[] | null {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => isObj(v) && Array.isArray(v.messages)))
      return value.flatMap((v, i) => conversationsOf(v, line)!.map((c) => ({ ...c, record: i + 1 })));
    return [{ line, messages: value }];
  }
  if (!isObj(value)) return null;
  const model = str(value.model);
  if (Array.isArray(value.messages)) return [{ line, messages: value.messages, model }];
  if (isCompletion(value)) return [{ line, messages: [], response: value, model }];
  return null;
}

function messageKey(m: unknown): string {
  if (!isObj(m)) return JSON.stringify(m) ?? '';
  return JSON.stringify([m.role, m.content, m.tool_calls, m.tool_call_id, m.function_call, m.name]) ?? '';
}

function isPrefix(short: unknown[], long: unknown[]): boolean {
  if (short.length > long.length) return false;
  for (let i = 0; i < short.length; i++) if (messageKey(short[i]) !== messageKey(long[i])) return false;
  return true;
}

/** JSON Lines of growing requests collapse into their longest line: true when `c` extended `prev`. */
function extend(prev: Conversation, c: Conversation): boolean {
  if (prev.response || c.response || prev.messages.length === 0 || !isPrefix(prev.messages, c.messages)) return false;
  prev.messages = c.messages;
  prev.lastLine = c.line;
  prev.model ??= c.model;
  return true;
}

interface Built {
  t: Transcript;
  /** No user message to name it: the title is the file name, plus `where` when there are several. */
  untitled: boolean;
  where: string;
}

function build(c: Conversation, file: string, warnings: ImportWarning[]): Built {
  const b = new TranscriptBuilder(file, warnings);
  b.line = c.line;
  addChatMessages(b, c.messages, c.record === undefined ? 'message' : `request ${c.record}, message`);
  if (c.response) {
    const choices = c.response.choices as unknown[];
    if (choices.length > 1) b.warn(`the response has ${choices.length} choices; only the first is read`);
    const choice = choices[0];
    const usage = isObj(c.response.usage) ? c.response.usage : undefined;
    const tokens = usage ? { input: num(usage.prompt_tokens), output: num(usage.completion_tokens) } : undefined;
    if (isObj(choice) && isObj(choice.message)) {
      const message = { timestamp: isoFromSeconds(c.response.created), ...choice.message, role: 'assistant' };
      addChatMessage(b, message, 'choice 1', tokens);
    } else b.warn('the response has no choices[0].message');
  }
  const where =
    c.record !== undefined
      ? ` #${c.record}`
      : c.line === undefined
        ? ''
        : c.lastLine
          ? ` (lines ${c.line}-${c.lastLine})`
          : ` (line ${c.line})`;
  const extra: Obj = {};
  if (c.model) extra.model = c.model;
  if (isObj(c.response) && str(c.response.id)) extra.responseId = c.response.id;
  const title = titleFrom(b.firstUserText());
  const t = b.build({
    format: OPENAI_CHAT_FORMAT,
    source: file,
    title: title ?? file,
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { t, untitled: title === undefined, where };
}

export async function parseOpenAIChat(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const { kind, docs } = await openJsonDocs(src, warnings, ctx.signal);
  const built: Built[] = [];
  let convs = 0;
  // JSON Lines stream: a conversation is built as soon as a line does not continue it, so only
  // the latest request's messages are held in memory.
  let open: Conversation | undefined;
  const flush = () => {
    if (!open) return;
    const x = build(open, src.name, warnings);
    if (x.t.turns.length > 0 || x.t.after) built.push(x);
    open = undefined;
  };
  let i = 0;
  for await (const d of docs) {
    i++;
    const found = conversationsOf(d.value, d.line);
    if (!found) {
      warnings.push({
        file: src.name,
        line: d.line,
        reason: `${kind === 'jsonl' ? 'line' : `record ${i}`} is neither a message array, a {messages} request nor a chat completion; skipped`,
      });
      continue;
    }
    for (const c of found) {
      if (open && kind === 'jsonl' && extend(open, c)) continue;
      flush();
      convs++;
      open = { ...c };
    }
  }
  flush();
  const transcripts = built.map(({ t, untitled, where }) => {
    if (untitled && convs > 1) t.title = `${src.name}${where}`;
    return t;
  });
  if (transcripts.length === 0) throw new ImportError(src.name, 'no OpenAI chat messages found');
  return { format: OPENAI_CHAT_FORMAT, transcripts, warnings };
}

/** Null when the head looks like Chat Completions messages; the most general sniffer. */
export function sniffOpenAIChat(head: string): string | null {
  const h = scanJsonHead(head, 3);
  if (FOREIGN_TYPES.test(head)) return 'its content blocks are Anthropic or Responses items, not chat messages';
  const first = h.root === 'array' ? keysAt(h, '0') : [];
  if (h.root === 'array') {
    if (sniffClineTask(head) === null)
      return 'a Cline / Roo Code task history (its XML tool calls are not chat messages)';
    if (first.includes('parts')) return 'its messages have Gemini "parts"';
    if (first.includes('type')) return 'its elements have a "type": Responses items, not chat messages';
    if (first.includes('role')) return null;
    if (first.includes('messages')) return null;
    return 'a JSON array, but its first element has no "role"';
  }
  if (h.root !== 'object') return 'not a JSON object or array';
  const top = keysAt(h, '');
  if (top.includes('messages')) {
    if (top.includes('system')) return 'a top-level "system" is an Anthropic request';
    if (top.includes('sessionId')) return 'a session record, not a chat request';
    const m = keysAt(h, 'messages.0');
    return m.length === 0 || m.includes('role') ? null : 'its messages have no "role"';
  }
  if (
    top.includes('choices') &&
    (keyValue('object', 'chat\\.completion').test(head) || hasKeys(h, 'choices.0', 'message'))
  )
    return null;
  return 'no "messages" array, message array or chat completion "choices"';
}

export const openaiChatImporter: Importer = {
  id: OPENAI_CHAT_FORMAT,
  label: 'OpenAI Chat Completions',
  matchesName: () => false,
  sniff: (head) => sniffOpenAIChat(head),
  parse: parseOpenAIChat,
};
