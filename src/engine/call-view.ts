/**
 * The CallView the replay hands to detectors. The exact fingerprint is always needed (the
 * fingerprint series is built from it); the primary and result fingerprints are computed on
 * first read and kept, so a config whose detectors never read them never pays for them
 * (hashing every multi-KB result was the largest cost of a replay).
 */
import type { Json, ToolResult } from '../model/transcript';
import { primaryFingerprint, resultFingerprint } from './fingerprint';
import type { CallView } from './types';

export class LazyCallView implements CallView {
  private primaryFp: string | undefined = undefined;
  private resultFpValue: string | undefined = undefined;

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
}
