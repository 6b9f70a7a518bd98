/**
 * A fingerprint of a file's bytes, to notice the same file imported twice. Not cryptographic:
 * two 32-bit multiplicative lanes (FNV-1a and a murmur-style mix) and the length, computed while
 * streaming so a 200 MB file is never held twice. Its state is three numbers, so a reader worker
 * can hash the slices it reads and hand the state on (src/workers/slice-reader.ts).
 */
export interface HasherState {
  a: number;
  b: number;
  length: number;
}

export class ContentHasher {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;
  private length = 0;

  constructor(from?: HasherState) {
    if (from) ({ a: this.a, b: this.b, length: this.length } = from);
  }

  update(bytes: Uint8Array): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    this.a = a;
    this.b = b;
    this.length += bytes.length;
  }

  /** Continues from `s` (the state a reader worker reached on the same bytes). */
  setState(s: HasherState): void {
    ({ a: this.a, b: this.b, length: this.length } = s);
  }

  state(): HasherState {
    return { a: this.a, b: this.b, length: this.length };
  }

  /** `<16 hex digits>-<byte length>`. */
  digest(): string {
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
    return `${hex(this.a)}${hex(this.b)}-${this.length}`;
  }
}
