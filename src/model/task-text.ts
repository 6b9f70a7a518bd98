/**
 * A run's task as a person names it: the prompt's own task unwrapped from the harness's template.
 * Benchmark harnesses wrap every task in the same words ("I've uploaded a python code repository
 * in the directory …", "We're currently solving the following issue within our repository"), so
 * the first line of the prompt is the same for a hundred runs; the task inside is what tells them
 * apart. Pure functions: the importers use them for titles, the presenter for its Task line.
 */
import type { ContextMessage } from './transcript';

/** Blocks that hold the task itself, in the order they are looked for. */
const TASK_BLOCKS = ['issue_description', 'pr_description', 'problem_statement', 'issue', 'task'];

/** A harness's demonstration run shown before the real task (SWE-agent's `is_demo` message). */
const DEMONSTRATION = /^\s*Here is a demonstration of how to correctly accomplish this task\b|--- DEMONSTRATION ---/;

/** SWE-agent's template: the issue between "ISSUE:" and "INSTRUCTIONS:". */
const SWE_AGENT_ISSUE = /(?:^|\n)ISSUE:[ \t]*\n([\s\S]*?)(?:\n[ \t]*INSTRUCTIONS:|$)/;

export interface PromptTask {
  /** The task's text (the whole prompt when no template is recognised). */
  task: string;
  /** Where the task runs when the template says (the uploaded repository's folder name). */
  where?: string;
}

function blockInner(text: string, tag: string): string | undefined {
  const open = text.indexOf(`<${tag}>`);
  if (open === -1) return undefined;
  const start = open + tag.length + 2;
  const close = text.indexOf(`</${tag}>`, start);
  if (close === -1) return undefined;
  const inner = text.slice(start, close).trim();
  return inner === '' ? undefined : inner;
}

/** The last segment of the first path in an `<uploaded_files>` block: `django__django__4.0`. */
function uploadedFolder(text: string): string | undefined {
  const inner = blockInner(text, 'uploaded_files');
  const first = inner?.split('\n')[0].trim();
  if (!first) return undefined;
  const segments = first.split(/[/\\]/).filter((s) => s !== '');
  return segments[segments.length - 1];
}

function isDemonstration(text: string): boolean {
  return DEMONSTRATION.test(text.slice(0, 4096));
}

/** The task inside a prompt: its task block, or SWE-agent's ISSUE section, or the prompt itself. */
export function promptTask(text: string): PromptTask {
  const where = uploadedFolder(text);
  for (const tag of TASK_BLOCKS) {
    const inner = blockInner(text, tag);
    if (inner) return where ? { task: inner, where } : { task: inner };
  }
  const issue = SWE_AGENT_ISSUE.exec(text)?.[1]?.trim();
  if (issue) return { task: issue };
  return where ? { task: text, where } : { task: text };
}

/**
 * The first user message that states the task: a demonstration before it (flagged by the format,
 * SWE-agent's `is_demo`, or recognised by its words) is not the task.
 */
export function firstTaskMessage(messages: readonly ContextMessage[] | undefined): string | undefined {
  return messages?.find((m) => m.role === 'user' && m.extra?.isDemo !== true && !isDemonstration(m.text))?.text;
}
