/**
 * The LLM-check design's history preparation: the conversation the judge sees when turn T starts.
 *
 * A history entry is what Gemini CLI (where the LLM-check design comes from) keeps in its chat
 * history: one user message, one assistant message (text and/or calls), or the function responses
 * of one assistant message. The check runs when turn T starts, before the model answers, so the
 * history holds everything up to turn T-1's assistant message; the results of T-1's calls are the
 * request of turn T and are not in it yet (Gemini CLI appends the request after `turnStarted`).
 * That is why the LLM-check design trims dangling function calls from the end.
 *
 * The LLM-check design's `truncate(20)` keeps the FIRST 20 entries; Gemini CLI keeps the last 20
 * (`slice(-20)`), and the last 20 is what a user expects of a loop check, so we keep the last.
 */
import type { Json, Transcript, Turn } from '../../model/transcript';
import { canonicalJson } from '../fingerprint';

export interface JudgeCallPart {
  name: string;
  args: Json;
}

export interface JudgeResultPart {
  name: string;
  content: string;
  isError: boolean;
}

export type JudgeMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; turn: number; text: string; calls: JudgeCallPart[] }
  | { role: 'tool'; turn: number; results: JudgeResultPart[] };

/** Gemini CLI's isFunctionCall: an assistant message made only of calls (no text). */
export function isFunctionCall(m: JudgeMessage): boolean {
  return m.role === 'assistant' && m.calls.length > 0 && m.text.trim() === '';
}

export function isFunctionResponse(m: JudgeMessage): boolean {
  return m.role === 'tool';
}

function turnAt(t: Transcript, index: number): Turn | undefined {
  const guess = t.turns[index - 1];
  return guess?.index === index ? guess : t.turns.find((x) => x.index === index);
}

/** The entries of one turn, newest first (the walk goes backwards). */
function pushTurnReversed(out: JudgeMessage[], turn: Turn, withResults: boolean): void {
  if (withResults) {
    const results: JudgeResultPart[] = [];
    for (const c of turn.calls)
      if (c.result) results.push({ name: c.name, content: c.result.content, isError: c.result.isError });
    if (results.length) out.push({ role: 'tool', turn: turn.index, results });
  }
  out.push({
    role: 'assistant',
    turn: turn.index,
    text: turn.text,
    calls: turn.calls.map((c) => ({ name: c.name, args: c.args })),
  });
  const before = turn.before ?? [];
  for (let i = before.length - 1; i >= 0; i--) {
    const m = before[i];
    out.push({ role: 'user', text: m.role === 'system' ? `[system] ${m.text}` : m.text });
  }
}

function lastTurnOf(ms: JudgeMessage[]): number {
  const m = ms[ms.length - 1];
  return m.role === 'user' ? -1 : m.turn;
}

/**
 * The last `count` history entries before turn `turn` starts, with dangling function calls
 * trimmed from the end and function responses trimmed from the start. Pure; O(count).
 */
export function prepareHistory(transcript: Transcript, turn: number, count: number): JudgeMessage[] {
  const reversed: JudgeMessage[] = [];
  for (let k = turn - 1; k >= 1 && reversed.length < count; k--) {
    const t = turnAt(transcript, k);
    if (t) pushTurnReversed(reversed, t, k < turn - 1);
  }
  const recent = reversed.slice(0, count).reverse();
  // Only turn T-1's calls can dangle (their results are turn T's request). A bare call message of
  // an earlier turn has no recorded results at all (a format without them); trimming it too
  // would empty the history of such transcripts.
  while (recent.length > 0 && isFunctionCall(recent[recent.length - 1]) && lastTurnOf(recent) === turn - 1)
    recent.pop();
  let start = 0;
  while (start < recent.length && isFunctionResponse(recent[start])) start++;
  return start ? recent.slice(start) : recent;
}

/** FNV-1a over UTF-16 code units with a chosen offset basis. */
function fnv(s: string, basis: number): number {
  let h = basis;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 64 bits of hash (two FNV-1a runs) over the canonical JSON of the history: the cache key part. */
export function historyHash(messages: readonly JudgeMessage[]): string {
  const s = canonicalJson(messages);
  return (
    fnv(s, 0x811c9dc5).toString(16).padStart(8, '0') +
    fnv(s, 0x01000193 ^ 0x5bd1e995)
      .toString(16)
      .padStart(8, '0')
  );
}
