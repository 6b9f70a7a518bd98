/**
 * A tiny builder for authored corpus runs. A run is a list of steps (one assistant turn each);
 * the steps of a repetition are marked `rep`, and the loop span follows the labelling rule
 * mechanically: it starts at the second marked step and ends at the last one (docs/corpus.md).
 */

export type Framework = 'swe-agent' | 'openhands' | 'claude-code' | 'codex' | 'gemini-cli';

export interface Call {
  name: string;
  args: unknown;
  out: string;
  /** The format's own error flag; absent for formats that carry none. */
  isError?: boolean;
  rejected?: boolean;
}

export interface Step {
  text: string;
  /** SWE-agent: the raw action string (tool = first token). */
  action?: string;
  /** SWE-agent: the observation of `action`. */
  observation?: string;
  calls?: Call[];
  /** A user message before this turn (a nudge). */
  user?: string;
  tokens?: { input: number; output: number };
  /** Starts one occurrence of the repeated action or cycle. */
  rep?: boolean;
  /** A later step of a cycle occurrence (the span runs to the last of these). */
  cont?: boolean;
}

export interface AuthoredRun {
  framework: Framework;
  /** File name without extension; also the title. */
  name: string;
  task: string;
  /** What repeats and why it is a loop, or why the run is clean although it looks repetitive. */
  note: string;
  steps: Step[];
}

/** The inclusive loop span of a run, or null for a clean run. Turns count from 1. */
export function spanOf(run: AuthoredRun): { startTurn: number; endTurn: number } | null {
  const reps = run.steps.flatMap((s, i) => (s.rep ? [i + 1] : []));
  const inLoop = run.steps.flatMap((s, i) => (s.rep || s.cont ? [i + 1] : []));
  if (reps.length === 0) return null;
  if (reps.length < 3) throw new Error(`${run.name}: a loop needs at least 3 marked occurrences`);
  return { startTurn: reps[1], endTurn: inLoop[inLoop.length - 1] };
}

export function repeat<T>(n: number, f: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

/** A SWE-agent step from its raw command and observation. */
export function swe(thought: string, action: string, observation: string, rep = false): Step {
  return { text: thought, action, observation, rep };
}

/** Marks a step as a later part of a cycle occurrence. */
export function cont(s: Step, inLoop = true): Step {
  return { ...s, cont: inLoop };
}

/** A step with one structured call. */
export function call(text: string, c: Call, rep = false): Step {
  return { text, calls: [c], rep };
}
