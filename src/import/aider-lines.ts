/**
 * What one harness message of an Aider chat history means. Aider writes every harness message
 * through `InputOutput.tool_output / tool_error / confirm_ask` (aider/io.py): "> " + text + "  ";
 * these patterns follow the strings aider/coders/base_coder.py and aider/repo.py print.
 */
import type { CallDraft } from '../model/normalize';

export const ADD_OUTPUT = /^Add .*output to the chat\?/;
export const ADDED_OUTPUT = /^Added \d+ lines? of output to the chat/;
/** The question that ends a lint or test report aider sends back to the model. */
export const REFLECT = /^Attempt to fix (lint|test) errors\?/;
export const REFLECTIONS_STOP = /^Only \d+ reflections allowed, stopping/;
const LINT_REPORT = '# Fix any errors below';
/** A shell command the human typed: `/run <cmd>`, `!<cmd>`, `/test [cmd]`. */
const USER_SHELL = /^(?:\/(run|test)(?:\s+(.*))?|!(.+))$/;

export interface TokenLine {
  input: number;
  output: number;
  cached?: number;
  cacheWrite?: number;
  /** Cost of this message in dollars ("Cost: $0.05 message" / older "$0.05 request"). */
  cost?: number;
}

export type HarnessEvent =
  | { kind: 'tokens'; tokens: TokenLine }
  | { kind: 'applied'; path: string; dryRun: boolean }
  | { kind: 'edit-failed' }
  | { kind: 'running'; command: string }
  | { kind: 'commit'; hash: string; message: string }
  /** A yes/no question and the answer typed ("Run shell command? [Y/n] y"). */
  | { kind: 'prompt'; question: string; answer: string }
  | { kind: 'other' };

/** "12k" -> 12000, "1,497" -> 1497, "2.4M" -> 2400000. */
export function parseCount(s: string): number {
  const m = /^([\d.,]+)\s*([kKmM]?)$/.exec(s.trim());
  if (!m) return 0;
  const n = Number(m[1].replace(/,/g, ''));
  if (!Number.isFinite(n)) return 0;
  const mul = m[2] === 'k' || m[2] === 'K' ? 1e3 : m[2] === 'm' || m[2] === 'M' ? 1e6 : 1;
  return Math.round(n * mul);
}

const COUNT_PART = /([\d.,]+[kKmM]?) (sent|received|cache write|cache hit|cached)/g;

/** "Tokens: 2.4k sent, 1.9k cache write, 129 received. Cost: $0.01 message, ..." */
export function parseTokens(text: string): TokenLine | null {
  if (!text.startsWith('Tokens: ')) return null;
  const t: TokenLine = { input: 0, output: 0 };
  let seen = false;
  for (const m of text.matchAll(COUNT_PART)) {
    const n = parseCount(m[1]);
    seen = true;
    if (m[2] === 'sent') t.input = n;
    else if (m[2] === 'received') t.output = n;
    else if (m[2] === 'cache write') t.cacheWrite = n;
    else t.cached = n;
  }
  const cost = /Cost: \$([\d.]+) (?:message|request)/.exec(text);
  if (cost) t.cost = Number(cost[1]);
  return seen ? t : null;
}

const PROMPT = /^(.*\?)(?: \[[^\]]*\])?:? ([a-z])$/;

export function classifyHarness(text: string): HarnessEvent {
  // Cheap first-character dispatch: this runs once per harness message of a multi-MB file.
  switch (text.charCodeAt(0)) {
    case 84 /* T */: {
      const tokens = parseTokens(text);
      if (tokens) return { kind: 'tokens', tokens };
      if (text.startsWith('The LLM did not conform to the edit format')) return { kind: 'edit-failed' };
      break;
    }
    case 65 /* A */: {
      const m = /^Applied edit to (.+)$/.exec(text);
      if (m) return { kind: 'applied', path: m[1], dryRun: false };
      break;
    }
    case 70 /* F */:
      // Older aider versions: "Failed to apply edit to <file>".
      if (text.startsWith('Failed to apply edit')) return { kind: 'edit-failed' };
      break;
    case 68 /* D */: {
      const m = /^Did not apply edit to (.+?) \(--dry-run\)$/.exec(text);
      if (m) return { kind: 'applied', path: m[1], dryRun: true };
      break;
    }
    case 82 /* R */: {
      const m = /^Running (.+)$/.exec(text);
      if (m && !text.includes('\n')) return { kind: 'running', command: m[1] };
      break;
    }
    case 67 /* C */: {
      const m = /^Commit ([0-9a-f]{7,40}) (.*)$/.exec(text);
      if (m) return { kind: 'commit', hash: m[1], message: m[2] };
      break;
    }
  }
  const p = text.includes('\n') ? null : PROMPT.exec(text);
  if (p) return { kind: 'prompt', question: p[1], answer: p[2] };
  return { kind: 'other' };
}

/**
 * A shell command that failed: "Command 'x' exited with status 1", pre-commit "exit code: 1", a
 * traceback, pytest's "= 1 failed, 4 passed in 7.55s =" or unittest's "FAILED (failures=1)".
 */
const FAILURE =
  /exited with status [1-9]|exit code: [1-9]|^Error running command|^Traceback \(most recent call last\)|^=+ (?:.*\b)?\d+ (?:failed|errors?)\b.* in [\d.]+m?s\b|^FAILED \((?:failures|errors)=\d/m;

export function isFailureLine(text: string): boolean {
  return FAILURE.test(text);
}

/**
 * Aider's older versions printed a command's output twice: once as it ran (one message of many
 * lines) and once line by line, each line trimmed, as it went to the chat. The second copy is
 * left out.
 */
export function withoutEcho(messages: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < messages.length) {
    const m = messages[i];
    out.push(m);
    i++;
    if (!m.includes('\n')) continue;
    const lines = m.split('\n');
    let k = 0;
    while (k < lines.length && i + k < messages.length && messages[i + k].trim() === lines[k].trim()) k++;
    if (k === lines.length) i += k;
  }
  return out;
}

/** `/run <cmd>` / `!<cmd>` as a `run` call, `/test [cmd]` as a `test` call; other input: none. */
export function userShellCall(input: string): CallDraft | undefined {
  const m = USER_SHELL.exec(input);
  if (!m) return undefined;
  const command = (m[2] ?? m[3] ?? '').trim();
  return { name: m[1] === 'test' ? 'test' : 'run', args: command ? { command } : {} };
}

/**
 * Where the report before "Attempt to fix lint/test errors?" starts among the harness messages
 * read since the last call (from `mark`): at "# Fix any errors below" for lint, after aider's
 * "/undo" note for a test run's output.
 */
export function reflectionStart(harness: readonly string[], mark: number, kind: 'lint' | 'test'): number {
  let from = Math.min(mark, harness.length);
  if (kind === 'lint') {
    let i = harness.length - 1;
    while (i >= from && !harness[i].startsWith(LINT_REPORT)) i--;
    return i >= from ? i : from;
  }
  while (from < harness.length && /^(?:You can use \/undo|\s*$)/.test(harness[from])) from++;
  return from;
}
