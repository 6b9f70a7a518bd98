/**
 * The steps no-progress compares, and when two of them are "the same" (docs/detectors.md
 * "no-progress"): a call or a text-only turn, whether it failed, whether it changed a file, and
 * the signature of its error. Pure; the detector (no-progress.ts) keeps the window.
 */
import { sameNormExact, sameNormStep } from '../call-view';
import { normalizeText } from '../observation';
import { changeTarget, isChangeCall, isShellChange } from '../change-call';
import { resultFingerprint } from '../fingerprint';
import { inferError } from '../../model/error-rules';
import { isShellTool, shellFailed } from '../shell';
import type { CallView } from '../types';

/**
 * One step of the window: a call (its action and observation read lazily) or a text-only turn
 * (`action` is its normalised text). A class with every field set at construction: one object
 * shape for calls and text steps, and no property added later (the window compares steps in its
 * hottest loop). The detector reuses its steps (no-progress.ts StepPool): `setCall` and
 * `setText` set every field again.
 */
export class Step {
  action = '';
  call: CallView | null = null;
  text = '';
  failed = false;
  /** The call changes a file (change-call.ts). */
  change = false;
  /** Lazily (shellChangeOf): a shell command that writes files or installs something. */
  shellChange: boolean | undefined = undefined;
  /** Lazily: the error signature of a failed step, the target of a change. */
  errorSig: string | undefined = undefined;
  target: string | undefined = undefined;
  /** Lazily (sameFailure): the failure's output with its line breaks removed, normalised. */
  folded: string | undefined = undefined;
  /** Window links (no-progress-window.ts): the number of the previous step of this tool, of the previous failed step (-1: none). */
  prev = -1;
  prevFailed = -1;

  setCall(call: CallView): this {
    const change = isChangeCall(call.name, call.args);
    this.action = '';
    this.call = call;
    this.text = '';
    this.failed = failedCall(call, change);
    this.change = change;
    return this.clear(undefined);
  }

  setText(action: string, text: string): this {
    this.action = action;
    this.call = null;
    this.text = text;
    this.failed = false;
    this.change = false;
    return this.clear(false);
  }

  private clear(shellChange: boolean | undefined): this {
    this.shellChange = shellChange;
    this.errorSig = undefined;
    this.target = undefined;
    this.folded = undefined;
    this.prev = -1;
    this.prevFailed = -1;
    return this;
  }
}

/**
 * Steps reused in turn: a step is handed out again `size` steps later, when the window (`cap`
 * steps) and the run kept for the message (`k` steps) no longer hold it, so a replay allocates
 * no step per call.
 */
export class StepPool {
  private readonly steps: Step[];
  private next = 0;

  constructor(cap: number, k: number) {
    const size = cap + k + 2;
    this.steps = [];
    for (let i = 0; i < size; i++) this.steps.push(new Step());
  }

  take(): Step {
    const s = this.steps[this.next];
    this.next = this.next + 1 === this.steps.length ? 0 : this.next + 1;
    return s;
  }
}

function failedCall(call: CallView, change: boolean): boolean {
  const r = call.result;
  if (!r) return false;
  if (r.isError || (isShellTool(call.name) && shellFailed(r))) return true;
  // An edit whose answer is an error by the inference rules (`ERROR: No replacement was
  // performed`) did not apply, even where a format or a converter recorded isError false.
  return change && inferError(r.content) !== undefined;
}

export function callStep(call: CallView): Step {
  return new Step().setCall(call);
}

export function textStep(action: string, text: string): Step {
  return new Step().setText(action, text);
}

/** change-call.ts isShellChange, read only when the recurrence count asks (a regex per call). */
export function shellChangeOf(s: Step): boolean {
  return (s.shellChange ??= s.call !== null && isShellChange(s.call.name, s.call.args));
}

/**
 * `X: command not found` names the command that was not found: prose sent as a command starts
 * with a different capitalised word each time (`I`, `Let`, `The`) and fails the same way. Such
 * a name is masked so those errors compare equal; the rest of the text still has to match. A
 * lower-case name is a real tool that is missing (`rg`, `pixi`, `python` tried one after
 * another): different tools, different errors.
 */
const NOT_FOUND_SUBJECT =
  /(?<![^\s:'"`])[A-Z][a-z']*(: (?:command )?not found)|(command not found: )[A-Z][a-z']*(?![^\s])/g;

/**
 * Status lines harnesses add to every command's output (OpenHands, Codex, mini-swe-agent): a
 * failure that holds nothing else (a `grep` with no hit, exit code 1) says nothing about why.
 */
export const STATUS_LINE =
  /^[ \t]*(?:\[(?:The command completed|Command finished) with exit code -?\d+\.?\]|\[Current working directory: [^\]\n]*\]|\[Python [Ii]nterpreter: [^\]\n]*\]|Exit [Cc]ode: ?-?\d+|<returncode>-?\d+<\/returncode>|Wall time: [^\n]*|Output:)[ \t]*$/gm;

export const STATUS_ONLY_MAX = 1000;

/**
 * Errors the harness gives instead of running the call (a permission asked and refused, a call
 * cancelled with its batch, a read-before-write rule): the same text whatever was asked, so
 * they are the same error only for the same action. Claude Code wraps all of its own in
 * `<tool_use_error>`; the others are the refusals of Claude Code, Codex, Gemini CLI and Cline.
 */
export const HARNESS_ERROR =
  /<tool_use_error>|doesn't want to proceed with this tool use|requires approval|rejected by (?:the )?user|user (?:denied|rejected|declined|did not (?:allow|approve))|denied this operation|Sibling tool call errored|tool (?:call|use|execution) (?:was )?(?:cancel+ed|aborted)/i;

/** Validation errors of a call the model sent without any argument: nothing ran. */
export const MISSING_ARGS =
  /missing (?:\d+ )?(?:required )?(?:parameters?|arguments?|properties|fields?)|required (?:parameters?|arguments?|property|field) (?:is |are )?missing|invalid (?:tool )?(?:arguments|parameters|input)|validation error/i;

/**
 * A call with no argument at all that was refused for it: an empty `str_replace_editor({})` or
 * `Bash({})`. Unrelated refused calls look identical this way (the model meant a different
 * action each time), so such a step is neither progress nor a repeat: the detector skips it.
 */
export function isArglessRejection(call: CallView): boolean {
  const r = call.result;
  if (r === undefined || !isEmptyArgs(call.args)) return false;
  return MISSING_ARGS.test(r.content);
}

function isEmptyArgs(a: CallView['args']): boolean {
  if (a === null || a === undefined) return true;
  if (typeof a === 'string') return a.trim() === '';
  if (typeof a !== 'object' || Array.isArray(a)) return false;
  // No key list is built: this runs for every call.
  for (const _ in a) return false;
  return true;
}

/**
 * What two failures must share to be "the same error": the normalised result, subject masked.
 * '' for a failure with no message of its own (status lines only): different searches that
 * each find nothing are not the same error, only the same step repeated is.
 */
export function errorSignature(s: Step, raw: boolean): string {
  if (s.errorSig !== undefined) return s.errorSig;
  const c = s.call!;
  const r = c.result;
  const text = raw ? r?.content : c.normResult;
  if (r === undefined || text === undefined) return (s.errorSig = '');
  // Status lines alone are short: a long output is never only them.
  if (text.length < STATUS_ONLY_MAX && text.replace(STATUS_LINE, '').trim() === '') return (s.errorSig = '');
  const masked = text.replace(NOT_FOUND_SUBJECT, (_m, a: string | undefined, b: string | undefined) =>
    a ? `<cmd>${a}` : `${b}<cmd>`,
  );
  const sig =
    masked === text ? (raw ? c.resultFp : c.normResultFp) : resultFingerprint({ content: masked, isError: true });
  return (s.errorSig = HARNESS_ERROR.test(text) ? `${raw ? c.exact : c.normExact}\u0000${sig}` : sig);
}

export function targetOf(s: Step): string {
  return (s.target ??= changeTarget(s.call!.name, s.call!.normArgs));
}

/**
 * `b` repeats `a`: the same action with the same observation — or, for a change, the same change
 * with the same outcome whatever its result text (re-inserting a line shows a longer file each
 * time). A change that succeeds after failed copies of itself is new: the copies never applied.
 */
export function sameStep(a: Step, b: Step, raw: boolean): boolean {
  const ca = a.call;
  const cb = b.call;
  if (!ca || !cb) return !ca && !cb && a.action === b.action;
  const change = a.change && b.change && a.failed === b.failed;
  if (raw) return ca.exact === cb.exact && (change || ca.resultFp === cb.resultFp);
  if (change) return sameNormExact(ca, cb);
  return sameNormStep(ca, cb);
}

/** Both failed with the same error (errorSignature), one that says something. */
export function sameError(a: Step, b: Step, raw: boolean): boolean {
  if (!a.failed || !b.failed) return false;
  const e = errorSignature(b, raw);
  return e !== '' && errorSignature(a, raw) === e;
}

/** Both are failed changes of the same target (the same file and region, whatever the body). */
export function sameFailedChange(a: Step, b: Step): boolean {
  return a.failed && b.failed && a.change && b.change && a.call!.name === b.call!.name && targetOf(a) === targetOf(b);
}

/**
 * The output of a failure as two runs of it are compared: normalised with its line breaks removed
 * first, because a terminal wraps long lines at its width wherever they fall (`[2\n.60ms]`), so
 * a duration cut in two would otherwise make every run of one test look different; then without
 * durations and white space.
 */
function foldedOf(s: Step, raw: boolean): string {
  if (s.folded !== undefined) return s.folded;
  const content = s.call!.result?.content ?? '';
  const flat = content.includes('\n') ? content.replace(/\r?\n/g, '') : content;
  // Durations are noise a test runner prints or leaves out per line; white space is where the
  // terminal broke the lines.
  const folded = raw ? flat : normalizeText(flat).replace(DURATION_MASK, '').replace(SPACE, '');
  return (s.folded = resultFingerprint({ content: folded, isError: true }));
}

export const DURATION_MASK = /[[(]?<duration>[\])]?/g;
export const SPACE = /\s+/g;

/**
 * Both failed, with the same action and the same output once line breaks are ignored: the same
 * failure again (for counting across edits, no-progress `acrossChanges`).
 */
export function sameFailure(a: Step, b: Step, raw: boolean): boolean {
  if (!a.failed || !b.failed || !a.call || !b.call) return false;
  if (raw ? a.call.exact !== b.call.exact : !sameNormExact(a.call, b.call)) return false;
  return foldedOf(a, raw) === foldedOf(b, raw);
}
