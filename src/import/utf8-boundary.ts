/**
 * Where a run of UTF-8 bytes can be cut so each piece decodes on its own: before a trailing
 * character whose bytes are not all there yet. A reader that decodes slice by slice keeps those
 * bytes for the next slice, as a streaming TextDecoder would.
 */

/** How many of `bytes` end on a character boundary: all but a trailing sequence still missing bytes. */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(4, n); back++) {
    const b = bytes[n - back];
    if (b < 0x80) return n;
    if (b >= 0xc0) {
      // A lead byte: its sequence needs 2, 3 or 4 bytes; fewer are there when it is cut.
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return need > back ? n - back : n;
    }
    // A continuation byte: its lead is further back.
  }
  return n;
}

/**
 * Characters per piece of decoded text: pieces far under V8's regular object size (128 KiB; a
 * character may take two bytes) die young once their lines are parsed. Pieces of 512 Ki
 * characters were measured slower.
 */
export const PIECE_CHARS = 1 << 15;

/** Bytes of a piece: never more characters than bytes, so a piece stays within PIECE_CHARS. */
export const PIECE_BYTES = PIECE_CHARS;

/** What a slice-by-slice decoder keeps between slices: its decoder and the bytes after its last cut. */
export interface SliceDecoding {
  /** A TextDecoder (typed by what is used of it: the package's types are built without the DOM's). */
  readonly decoder: { decode(input: Uint8Array): string };
  carry: Uint8Array;
}

export function newSliceDecoding(): SliceDecoding {
  // Each piece is decoded on its own: a U+FEFF that starts one is text, not a byte order mark
  // (the file's own is dropped by decodeLinePieces).
  return { decoder: new TextDecoder('utf-8', { ignoreBOM: true }), carry: new Uint8Array(0) };
}

/** Where the piece at `at` ends: at `end` within `max` bytes, else after the last line end within them, else on a character boundary. */
function pieceEnd(all: Uint8Array, at: number, end: number, max: number): number {
  if (end - at <= max) return end;
  const nl = all.lastIndexOf(0x0a, at + max - 1);
  if (nl >= at) return nl + 1;
  const cut = at + completeUtf8Length(all.subarray(at, at + max));
  return cut > at ? cut : at + max; // not UTF-8 at all: cut anywhere, the decoder marks it
}

/**
 * The text of the next slice's bytes (after those carried from the last), in pieces of at most
 * `max` bytes, each ending after a line's end where one falls within it, else on a character
 * boundary. Each piece is decoded on its own: it becomes a flat string of one byte a character
 * when it is ASCII, which parses faster than slices of one big string. The line the
 * slice ends inside is kept for the next (its bytes, fewer than `max`: a longer one is cut); the
 * last slice (or an empty one: the file ended early) decodes everything. `fileStart`: the slice
 * begins the file, so a byte order mark there is dropped, as a decoder reading it whole would.
 */
export function decodeLinePieces(
  state: SliceDecoding,
  bytes: Uint8Array,
  last: boolean,
  fileStart = false,
  max: number = PIECE_BYTES,
): string[] {
  const { decoder, carry } = state;
  const out: string[] = [];
  let all = bytes;
  let at = 0;
  if (carry.length) {
    const nl = bytes.indexOf(0x0a);
    if (nl >= 0 && carry.length + nl + 1 <= max) {
      // The carried line ends early in this slice: only it is joined, the slice is not copied.
      const head = new Uint8Array(carry.length + nl + 1);
      head.set(carry);
      head.set(bytes.subarray(0, nl + 1), carry.length);
      out.push(decoder.decode(head));
      at = nl + 1;
    } else {
      all = new Uint8Array(carry.length + bytes.length);
      all.set(carry);
      all.set(bytes, carry.length);
    }
  } else if (fileStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3;
  /** Cuts pieces up to `end` while more than `keep` bytes are left before it. */
  const cutUpTo = (end: number, keep: number) => {
    while (end - at > keep) {
      const cut = pieceEnd(all, at, end, max);
      out.push(decoder.decode(all.subarray(at, cut)));
      at = cut;
    }
  };
  const done = last || bytes.length === 0;
  const n = all.length;
  // Every whole line (everything, at the end); then an unfinished line longer than a piece, so
  // that what is carried stays under `max`.
  cutUpTo(done ? n : Math.max(at, all.lastIndexOf(0x0a) + 1), 0);
  if (!done) cutUpTo(n, max);
  state.carry = done ? new Uint8Array(0) : all.slice(at);
  return out;
}
