/**
 * A streaming UTF-8 decoder in JavaScript, with TextDecoder's output (WHATWG: U+FFFD for each
 * maximal invalid subpart). Why not TextDecoder: in Chromium its strings are external (their
 * characters live outside the JS heap) and are freed only by a major collection, which a worker
 * whose heap grows with a parse runs seldom: reading a 1.2 GB file left ~0.8 GB of decoded chunks
 * waiting (docs/decisions/2026-11-26-slice-reader-worker-and-heap-decoding.md). These strings are ordinary heap strings.
 * About 5x slower than TextDecoder (ASCII pieces go to String.fromCharCode whole), so only the
 * largest files use it (source.ts).
 */

/** Bytes per String.fromCharCode call: larger argument lists get slower. */
const PIECE = 8192;

const chars = (codes: Uint8Array | Uint16Array): string =>
  String.fromCharCode.apply(null, codes as unknown as number[]);

export class Utf8Decoder {
  private units = new Uint16Array(PIECE + 8);
  /** The bytes of a sequence cut by the end of the last chunk. */
  private pending: Uint8Array | undefined;

  decode(input: Uint8Array = new Uint8Array(0), opts: { stream?: boolean } = {}): string {
    const bytes = this.pending ? concat(this.pending, input) : input;
    this.pending = undefined;
    const stream = opts.stream === true;
    const len = bytes.length;
    let out = '';
    let i = 0;
    while (i < len) {
      const end = Math.min(len, i + PIECE);
      let k = i;
      while (k < end && bytes[k] < 0x80) k++;
      if (k > i) out += chars(bytes.subarray(i, k));
      if (k === end) {
        i = end;
        continue;
      }
      i = this.mixed(bytes, k, end, stream);
      out += this.taken;
    }
    return out;
  }

  /** What the last `mixed` decoded. */
  private taken = '';

  /** Decodes whole sequences from `i` until `end` is reached (a sequence may run past it); returns where it stopped. */
  private mixed(bytes: Uint8Array, i: number, end: number, stream: boolean): number {
    const u = this.units;
    const len = bytes.length;
    let n = 0;
    while (i < end) {
      const b = bytes[i];
      if (b < 0x80) {
        u[n++] = b;
        i++;
        continue;
      }
      let need: number;
      let cp: number;
      let lower = 0x80;
      let upper = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        need = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        need = 2;
        cp = b & 0x0f;
        if (b === 0xe0) lower = 0xa0;
        else if (b === 0xed) upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3;
        cp = b & 0x07;
        if (b === 0xf0) lower = 0x90;
        else if (b === 0xf4) upper = 0x8f;
      } else {
        u[n++] = 0xfffd;
        i++;
        continue;
      }
      let j = i + 1;
      let bad = false;
      for (let k = 0; k < need; k++, j++) {
        if (j >= len) {
          // Cut by the chunk's end: kept for the next chunk, or replaced at the stream's end.
          if (stream) this.pending = bytes.slice(i);
          else u[n++] = 0xfffd;
          this.taken = chars(u.subarray(0, n));
          return len;
        }
        const c = bytes[j];
        if (c < lower || c > upper) {
          bad = true;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (c & 0x3f);
      }
      if (bad) {
        u[n++] = 0xfffd;
        i = j; // the byte that broke the sequence starts over
        continue;
      }
      i = j;
      if (cp >= 0x10000) {
        cp -= 0x10000;
        u[n++] = 0xd800 + (cp >> 10);
        u[n++] = 0xdc00 + (cp & 0x3ff);
      } else u[n++] = cp;
    }
    this.taken = chars(u.subarray(0, n));
    return i;
  }
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
