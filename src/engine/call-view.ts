/**
 * The CallView the replay hands to detectors. The exact fingerprint is always needed (the
 * fingerprint series is built from it); everything else — the primary and result fingerprints
 * and their normalised forms (observation.ts) — is computed on first read and kept, so a config
 * whose detectors never read them never pays for them (hashing or normalising every multi-KB
 * result was the largest cost of a replay), and no call is normalised twice.
 */
import type { Json, ToolResult } from '../model/transcript';
import { exactFingerprint, primaryFingerprint, resultFingerprint } from './fingerprint';
import { normalizeArgs, normalizeText } from './observation';
import type { CallView } from './types';

export class LazyCallView implements CallView {
  private primaryFp: string | undefined = undefined;
  private resultFpValue: string | undefined = undefined;
  private normArgsValue: Json | undefined = undefined;
  private normExactValue: string | undefined = undefined;
  private normPrimaryValue: string | undefined = undefined;
  private normResultValue: string | null | undefined = undefined;
  private normResultFpValue: string | undefined = undefined;

  constructor(
    readonly turn: number,
    readonly index: number,
    readonly name: string,
    readonly args: Json,
    readonly result: ToolResult | undefined,
    readonly agent: string | undefined,
    readonly exact: string,
  ) {}

  get primary(): string {
    return (this.primaryFp ??= primaryFingerprint(this.name, this.args, this.exact));
  }

  get resultFp(): string {
    return (this.resultFpValue ??= resultFingerprint(this.result));
  }

  get normArgs(): Json {
    if (this.normArgsValue === undefined) this.normArgsValue = normalizeArgs(this.args);
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
      const a = this.normArgs;
      this.normPrimaryValue = a === this.args ? this.primary : primaryFingerprint(this.name, a, this.normExact);
    }
    return this.normPrimaryValue;
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
 * a.normExact === b.normExact, normalising only when the raw calls do not decide it: equal raw
 * fingerprints normalise alike, and the tool name is never masked (a fingerprint is the name,
 * ':', then a JSON text, so two names never share one). Detectors that compare calls pair by
 * pair use it, so a call whose name matches none of its neighbours is never normalised.
 */
export function sameNormExact(a: CallView, b: CallView): boolean {
  if (a.exact === b.exact) return true;
  if (a.name !== b.name) return false;
  return a.normExact === b.normExact;
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
  const argsCost = a.exact === b.exact ? 0 : a.exact.length + b.exact.length;
  const ra = a.result;
  const rb = b.result;
  const resultCost = (ra ? ra.content.length : 0) + (rb ? rb.content.length : 0);
  if (resultCost < argsCost) return sameNormResult(a, b) && sameNormExact(a, b);
  return sameNormExact(a, b) && sameNormResult(a, b);
}
