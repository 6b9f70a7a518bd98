/**
 * Whether a new user prompt came right before a turn. Gemini CLI resets its loop detection per
 * prompt; its own recovery feedback and "Please continue." nudges are sent as user messages
 * within the same prompt and do not count.
 */
import type { ContextMessage, Transcript, Turn } from '../../model/transcript';

export const SAME_PROMPT = [/^System: Potential loop detected/, /^Please continue\.?\s*$/];

function isNewPrompt(m: ContextMessage): boolean {
  return m.role === 'user' && !SAME_PROMPT.some((re) => re.test(m.text));
}

function turnAt(t: Transcript, index: number): Turn | undefined {
  const guess = t.turns[index - 1];
  return guess?.index === index ? guess : t.turns.find((x) => x.index === index);
}

/** The user and system messages that came right before a turn (none: an empty list). */
export function messagesBefore(t: Transcript, turnIndex: number): readonly ContextMessage[] {
  return turnAt(t, turnIndex)?.before ?? NONE;
}
const NONE: readonly ContextMessage[] = [];

export function startsNewPrompt(t: Transcript, turnIndex: number): boolean {
  const before = turnAt(t, turnIndex)?.before;
  if (!before) return false;
  for (const m of before) if (isNewPrompt(m)) return true;
  return false;
}

/**
 * Whether any user message came right before a turn (a new agent run or task in the systems
 * whose histories live for one `run(prompt)`; loop feedback is not told apart here).
 */
export function userMessageBefore(t: Transcript, turnIndex: number): boolean {
  return messagesBefore(t, turnIndex).some((m) => m.role === 'user');
}
