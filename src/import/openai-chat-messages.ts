/**
 * OpenAI Chat Completions messages -> canonical turns. Schema: openai/openai-openapi
 * (ChatCompletionRequestMessage: system / developer / user / assistant / tool / function,
 * ChatCompletionMessageToolCall {id, type: "function", function: {name, arguments}} and
 * ChatCompletionMessageCustomToolCall {id, type: "custom", custom: {name, input}}).
 */
import { tryParseJson } from './json-parse';
import { isObj, str, type Obj, type TranscriptBuilder } from './transcript-builder';

/** Text of a content value: a string, or an array of parts (text, refusal, image, audio, file). */
export function chatContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const out: string[] = [];
  for (const p of content) {
    if (typeof p === 'string') out.push(p);
    else if (isObj(p)) {
      if (typeof p.text === 'string') out.push(p.text);
      else if (typeof p.refusal === 'string') out.push(p.refusal);
      else if (p.type === 'image_url') out.push('[image]');
      else if (p.type === 'input_audio') out.push('[audio]');
      else if (p.type === 'file') out.push('[file]');
    }
  }
  return out.join('\n');
}

function hasError(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== '';
}

/**
 * OpenAI tool messages carry no error flag. A result is an error when the message has a
 * non-standard `is_error: true` or `error` field, or its content is an object (or a JSON string
 * of one) with a non-empty `error` field; `is_error: false` says it is not. Otherwise there is no
 * flag (undefined): the normaliser infers one from the text (docs/formats.md, "Inferred errors").
 */
export function chatToolIsError(m: Obj): boolean | undefined {
  if (m.is_error === true || hasError(m.error)) return true;
  if (m.is_error === false) return false;
  let c: unknown = m.content;
  if (typeof c === 'string' && c.trimStart().startsWith('{')) {
    c = tryParseJson(c);
    if (c === undefined) return undefined;
  }
  return isObj(c) && hasError(c.error) ? true : undefined;
}

function toolResultContent(content: unknown): unknown {
  // Strings and text-part arrays become text; an object (non-standard) is kept for asText.
  return typeof content === 'string' || Array.isArray(content) ? chatContentText(content) : content;
}

function timestampOf(m: Obj): string | undefined {
  // Not part of the API, but loggers often add one; keep it when it is a string.
  return str(m.timestamp) ?? str(m.created_at);
}

function addAssistant(b: TranscriptBuilder, m: Obj, where: string, tokens?: { input?: number; output?: number }): void {
  const turn = b.turn({
    text: chatContentText(m.content) || (typeof m.refusal === 'string' ? m.refusal : ''),
    agent: str(m.name),
    timestamp: timestampOf(m),
    tokens,
  });
  if (m.tool_calls !== undefined && m.tool_calls !== null && !Array.isArray(m.tool_calls))
    b.warn(`${where}: "tool_calls" is not an array; ignored`);
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls : [];
  calls.forEach((tc, k) => {
    if (!isObj(tc)) return b.warn(`${where}: tool call ${k + 1} is not an object; skipped`);
    const id = str(tc.id);
    if (isObj(tc.function))
      b.call(turn, { id, name: str(tc.function.name) ?? 'unknown', args: tc.function.arguments ?? {} });
    else if (isObj(tc.custom))
      b.call(turn, { id, name: str(tc.custom.name) ?? 'unknown', args: { input: tc.custom.input ?? '' } });
    else b.warn(`${where}: tool call ${k + 1} has neither "function" nor "custom"; skipped`);
  });
  // The deprecated single `function_call` (before tool_calls existed): no id, answered by name.
  if (isObj(m.function_call))
    b.call(turn, { name: str(m.function_call.name) ?? 'unknown', args: m.function_call.arguments ?? {} });
}

/** Adds one message; `where` names it in warnings ("message 4"). */
export function addChatMessage(
  b: TranscriptBuilder,
  m: unknown,
  where: string,
  tokens?: { input?: number; output?: number },
): void {
  if (!isObj(m)) return b.warn(`${where} is not an object; skipped`);
  switch (m.role) {
    case 'system':
    case 'developer':
      return b.context('system', chatContentText(m.content), timestampOf(m));
    case 'user':
      return b.context('user', chatContentText(m.content), timestampOf(m));
    case 'assistant':
      return addAssistant(b, m, where, tokens);
    case 'tool': {
      const id = str(m.tool_call_id);
      if (id === undefined) return b.warn(`${where}: tool message has no "tool_call_id"; skipped`);
      b.answer(id, undefined, toolResultContent(m.content), chatToolIsError(m), `${where} (tool)`);
      return;
    }
    case 'function':
      b.answer(undefined, str(m.name), toolResultContent(m.content), chatToolIsError(m), `${where} (function)`);
      return;
    default:
      return b.warn(`${where}: unknown role ${JSON.stringify(m.role) ?? 'nothing'}; skipped`);
  }
}

export function addChatMessages(b: TranscriptBuilder, messages: unknown[], label = 'message'): void {
  messages.forEach((m, i) => addChatMessage(b, m, `${label} ${i + 1}`));
}
