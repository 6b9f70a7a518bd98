/**
 * The `openai-compatible` judge source, minus the network: the request body builder
 * and the answer cache shape. The engine never calls an endpoint; a browser client sends
 * `buildJudgeRequest(...)` on an explicit user action, stores the parsed answer under
 * `judgeCacheKey(model, historyHash)` and re-runs the replay with the cache.
 */
import { canonicalJson } from '../fingerprint';
import { isFunctionCall, type JudgeMessage } from './history';
import { JUDGE_HISTORY_PREAMBLE, JUDGE_RESPONSE_SCHEMA, JUDGE_SYSTEM_PROMPT, JUDGE_TASK_PROMPT } from './prompt';

export interface JudgeAnswer {
  confidence: number;
  analysis?: string;
}

/** Answers by model + history hash; `null` records a model that was asked and failed. */
export interface JudgeCache {
  /** The model names the client uses for the LLM-check design's two roles. */
  models: { flash: string; pro: string };
  answers: Record<string, JudgeAnswer | null>;
}

export function judgeCacheKey(model: string, historyHash: string): string {
  return `${model}#${historyHash}`;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface RequestOptions {
  /** Longer tool results are cut (with a note) so one huge output cannot fill the prompt. */
  maxResultChars?: number;
  /** `json_schema` (OpenAI structured outputs), `json_object`, or `none` for servers without it. */
  responseFormat?: 'json_schema' | 'json_object' | 'none';
  temperature?: number;
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}\n[... ${s.length - max} more characters]`;
}

/**
 * History entries as plain chat messages. Calls and results are rendered as text, not as
 * `tool_calls`, so any OpenAI-compatible server accepts the history without tool definitions.
 */
export function toChatMessages(history: readonly JudgeMessage[], maxResultChars = 4000): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (history.length > 0 && isFunctionCall(history[0])) out.push({ role: 'user', content: JUDGE_HISTORY_PREAMBLE });
  for (const m of history) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'assistant') {
      const lines = m.text.trim() ? [m.text] : [];
      for (const c of m.calls) lines.push(`[tool call] ${c.name}(${canonicalJson(c.args)})`);
      out.push({ role: 'assistant', content: lines.join('\n') });
    } else {
      const parts = m.results.map(
        (r) => `[tool result${r.isError ? ', error' : ''}] ${r.name}:\n${cut(r.content, maxResultChars)}`,
      );
      out.push({ role: 'user', content: parts.join('\n\n') });
    }
  }
  return out;
}

/** The body of a POST to `<endpoint>/chat/completions`. */
export function buildJudgeRequest(model: string, history: readonly JudgeMessage[], opts: RequestOptions = {}) {
  const messages: ChatMessage[] = [
    { role: 'system', content: JUDGE_SYSTEM_PROMPT },
    ...toChatMessages(history, opts.maxResultChars),
    { role: 'user', content: JUDGE_TASK_PROMPT },
  ];
  const format = opts.responseFormat ?? 'json_schema';
  const body: Record<string, unknown> = { model, messages, temperature: opts.temperature ?? 0 };
  if (format === 'json_schema')
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: 'unproductive_state', schema: JUDGE_RESPONSE_SCHEMA },
    };
  else if (format === 'json_object') body.response_format = { type: 'json_object' };
  return body;
}
