/**
 * The judge's answer from a response body, strictly: the whole body must be an OpenAI-compatible
 * chat completion, and its message content the judge's JSON object (alone, or alone in one
 * fenced block). Anything else (an HTML page that happens to contain the JSON, prose around the
 * object, a confidence outside 0..1) is not an answer, and says why.
 */
import { echoValue } from '../../model/limits';
import type { JudgeAnswer } from './request';

export interface ParsedAnswer {
  answer: JudgeAnswer;
  usage?: { input?: number; output?: number };
}

export type BodyParse = ParsedAnswer | { problem: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message content as the judge's object: plain JSON, or one fenced block and nothing else. */
function contentObject(content: string): unknown {
  const t = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(t);
  return parseJson(fenced ? fenced[1] : t);
}

/** The judge's fields: a confidence in 0..1 (required) and an analysis string. */
export function judgeAnswerOf(obj: unknown): JudgeAnswer | { problem: string } {
  if (!isObject(obj)) return { problem: "malformed answer: the message content is not the judge's JSON object" };
  const c = obj.unproductive_state_confidence;
  if (typeof c !== 'number' || !Number.isFinite(c))
    return { problem: 'malformed answer (no numeric unproductive_state_confidence)' };
  if (c < 0 || c > 1) return { problem: `malformed answer: unproductive_state_confidence ${c} is outside 0..1` };
  const a = obj.unproductive_state_analysis;
  if (a !== undefined && typeof a !== 'string')
    return { problem: 'malformed answer: unproductive_state_analysis is not a string' };
  return typeof a === 'string' ? { confidence: c, analysis: a } : { confidence: c };
}

function usageOf(body: Record<string, unknown>): ParsedAnswer['usage'] {
  const u = body.usage;
  if (!isObject(u)) return undefined;
  return {
    input: typeof u.prompt_tokens === 'number' ? u.prompt_tokens : undefined,
    output: typeof u.completion_tokens === 'number' ? u.completion_tokens : undefined,
  };
}

export function parseJudgeBody(text: string): BodyParse {
  const body = parseJson(text);
  if (body === undefined)
    return {
      problem: `malformed answer: the body is not JSON (it begins ${echoValue(text.trimStart().slice(0, 40))})`,
    };
  const choices = isObject(body) ? body.choices : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const message = isObject(first) ? first.message : undefined;
  const content = isObject(message) ? message.content : undefined;
  if (typeof content !== 'string')
    return { problem: 'malformed answer: the body is not a chat completion (no choices[0].message.content string)' };
  const answer = judgeAnswerOf(contentObject(content));
  if ('problem' in answer) return answer;
  const usage = usageOf(body as Record<string, unknown>);
  return usage ? { answer, usage } : { answer };
}
