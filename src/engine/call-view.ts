/**
 * The CallView the replay hands to detectors. Every call gets the key (hash and size) of its
 * exact fingerprint (call-key.ts: sampled, not written); the fingerprint texts themselves —
 * exact, primary, result — and their normalised forms (observation.ts) are computed on first
 * read and kept, so a config whose detectors never read them never pays for them (writing and
 * hashing every multi-KB argument or result was the largest cost of a replay), and no call is
 * normalised twice. Calls are compared through the hashes first (sameExact, sameNormExact).
 */
import type { Json, ToolResult, Turn } from '../model/transcript';
import { canonicalJson, exactFingerprint, pickPrimary, primaryUnlessExact, resultFingerprint } from './fingerprint';
import { callKey, type CallKey } from './call-key';
import { sameJson } from './fingerprint-hash';
import { normalizeArgs, normalizeText } from './observation';
import { argsClean, CLEAN, compareNormArgs, DIRTY, SAME, UNDECIDED } from './same-norm-args';
import { isShellTool } from './shell';
import type { CallView, TurnView } from './types';

const key: CallKey = { hash: 0, size: 0 };

/** `tv` filled with `turn`'s fields: a replay fills one view again at each turn (detectors read it during onTurn only). */
export function fillTurnView(tv: TurnView, turn: Turn): void {
  tv.index = turn.index;
  tv.text = turn.text;
  tv.callCount = turn.calls.length;
  tv.tokens = turn.tokens;
  tv.agent = turn.agent;
}

export class LazyCallView implements CallView {
  readonly exactHash: number;
  readonly exactSize: number;
  private exactValue: string | undefined = undefined;
  private primaryFp: string | undefined = undefined;
  private resultFpValue: string | undefined = undefined;
  private normArgsValue: Json | undefined = undefined;
  private normExactValue: string | undefined = undefined;
  private normPrimaryValue: string | undefined = undefined;
  private normResultValue: string | null | undefined = undefined;
  private normResultFpValue: string | undefined = undefined;
  private argsCleanValue: number | undefined = undefined;

  constructor(
    readonly turn: number,
    readonly index: number,
    readonly name: string,
    readonly args: Json,
    readonly result: ToolResult | undefined,
    readonly agent: string | undefined,
    /** The exact fingerprint's key (hash and size) when known (the fingerprint cache): not walked again. */
    exactHash?: number,
    exactSize?: number,
  ) {
    if (exactHash === undefined || exactSize === undefined) {
      callKey(name, args, key);
      exactHash = key.hash;
      exactSize = key.size;
    }
    this.exactHash = exactHash;
    this.exactSize = exactSize;
  }

  get exact(): string {
    return (this.exactValue ??= exactFingerprint(this.name, this.args));
  }

  get primary(): string {
    return (this.primaryFp ??= primaryUnlessExact(this.name, this.args) ?? this.exact);
  }

  get resultFp(): string {
    return (this.resultFpValue ??= resultFingerprint(this.result));
  }

  get normArgs(): Json {
    // normalizeArgs returns the arguments themselves when no string changes.
    if (this.normArgsValue === undefined)
      this.normArgsValue = this.argsCleanValue === CLEAN ? this.args : normalizeArgs(this.args);
    return this.normArgsValue;
  }

  /** Shares the raw fingerprint's string when normalising changed nothing (the common case). */
  get normExact(): string {
    if (this.normExactValue === undefined) {
      const a = this.normArgs;
      this.normExactValue = a === this.args ? this.exact : exactFingerprint(this.name, a);
    }
    return this.normExactValue;
  }

  get normPrimary(): string {
    if (this.normPrimaryValue === undefined) {
      // Picked primary keys need only their own values normalised (an edit's `path`, not its bodies).
      const picked = this.normArgsValue === undefined ? normPickedPrimary(this.name, this.args) : null;
      if (picked !== null) this.normPrimaryValue = picked;
      else {
        const a = this.normArgs;
        this.normPrimaryValue = a === this.args ? this.primary : (primaryUnlessExact(this.name, a) ?? this.normExact);
      }
    }
    return this.normPrimaryValue;
  }

  /** same-norm-args.ts argsClean, once. */
  get argsClean(): number {
    return (this.argsCleanValue ??= argsClean(this.args));
  }

  get normResult(): string | undefined {
    if (this.normResultValue === undefined)
      this.normResultValue = this.result ? normalizeText(this.result.content) : null;
    return this.normResultValue ?? undefined;
  }

  get normResultFp(): string {
    if (this.normResultFpValue === undefined) {
      const r = this.result;
      const text = this.normResult;
      this.normResultFpValue =
        !r || text === r.content ? this.resultFp : resultFingerprint({ content: text!, isError: r.isError });
    }
    return this.normResultFpValue;
  }
}

/**
 * primaryUnlessExact(name, normalizeArgs(args)) where that picks some keys of an object and
 * leaves others out, normalising only the picked values: normalizeArgs maps each value on its
 * own and keeps the keys, so the pick is the same. null otherwise (a shell tool, whose command
 * may be a file read; arguments that are all primary or have none; not an object): the caller
 * normalises the whole arguments as before.
 */
function normPickedPrimary(name: string, args: Json): string | null {
  if (isShellTool(name)) return null;
  const picked = pickPrimary(args, normalizeArgs);
  return picked === null ? null : name + ':' + canonicalJson(picked);
}

type Fingerprinted = Pick<CallView, 'name' | 'args' | 'exactHash' | 'exactSize'>;

/**
 * a.exact === b.exact, without writing either fingerprint: equal fingerprints have equal keys
 * (call-key.ts), and on equal keys the arguments are compared, so a key collision never decides.
 */
export function sameExact(a: Fingerprinted, b: Fingerprinted): boolean {
  if (a.exactHash !== b.exactHash || a.exactSize !== b.exactSize || a.name !== b.name) return false;
  return a.args === b.args || sameJson(a.args, b.args);
}

/**
 * a.normExact === b.normExact, normalising only when the raw calls do not decide it: equal raw
 * fingerprints normalise alike, and the tool name is never masked (a fingerprint is the name,
 * ':', then a JSON text, so two names never share one). Detectors that compare calls pair by
 * pair use it, so a call whose name matches none of its neighbours is never normalised.
 */
export function sameNormExact(a: CallView, b: CallView): boolean {
  if (a.name !== b.name) return false;
  return sameExact(a, b) || sameNormArgs(a, b);
}

/**
 * Normalised arguments equal, for two calls of one tool whose raw arguments differ: decided on
 * the short strings where it can be (same-norm-args.ts), on the cached normalised arguments
 * otherwise.
 */
function sameNormArgs(a: CallView, b: CallView): boolean {
  const ca = a.argsClean;
  const cb = b.argsClean;
  // Both are their own normalised forms: they differ as the raw arguments do.
  if (ca === CLEAN && cb === CLEAN) return false;
  const r = compareNormArgs(a.args, b.args, ca !== DIRTY && cb !== DIRTY);
  if (r !== UNDECIDED) return r === SAME;
  const na = a.normArgs;
  const nb = b.normArgs;
  // Neither changed by normalising: they differ as the raw calls do.
  if (na === a.args && nb === b.args) return false;
  return sameJson(na, nb);
}

/** a.normResultFp === b.normResultFp, without normalising two results that are the same text. */
export function sameNormResult(a: CallView, b: CallView): boolean {
  const ra = a.result;
  const rb = b.result;
  if (ra === rb || (ra && rb && ra.isError === rb.isError && ra.content === rb.content)) return true;
  return a.normResultFp === b.normResultFp;
}

/**
 * sameNormExact(a, b) && sameNormResult(a, b), the cheaper comparison (by the length of what it
 * would normalise) first: the answer is the same in either order, and two writes of different
 * files are told apart by their short results without normalising their long contents.
 */
export function sameNormStep(a: CallView, b: CallView): boolean {
  if (a.name !== b.name) return false;
  if (sameExact(a, b)) return sameNormResult(a, b);
  const ra = a.result;
  const rb = b.result;
  const resultCost = (ra ? ra.content.length : 0) + (rb ? rb.content.length : 0);
  if (resultCost < a.exactSize + b.exactSize) return sameNormResult(a, b) && sameNormArgs(a, b);
  return sameNormArgs(a, b) && sameNormResult(a, b);
}
