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

/** What a slice-by-slice decoder keeps between slices: its decoder and the bytes of a cut character. */
export interface SliceDecoding {
  readonly decoder: TextDecoder;
  carry: Uint8Array;
}

export function newSliceDecoding(carry: Uint8Array = new Uint8Array(0)): SliceDecoding {
  return { decoder: new TextDecoder(), carry };
}

/**
 * The text of the next slice's bytes: with the bytes carried from the last, without those of a
 * character this one cuts (kept for the next). The last slice (or an empty one: the file ended
 * early) decodes everything carried.
 */
export function decodeSlice(state: SliceDecoding, bytes: Uint8Array, last: boolean): string {
  let all = bytes;
  if (state.carry.length) {
    all = new Uint8Array(state.carry.length + bytes.length);
    all.set(state.carry);
    all.set(bytes, state.carry.length);
  }
  const cut = last || bytes.length === 0 ? all.length : completeUtf8Length(all);
  state.carry = all.slice(cut);
  return state.decoder.decode(all.subarray(0, cut));
}

/**
 * Characters per piece of text a reader worker posts: a string over V8's regular object size
 * (128 KiB; a character may take two bytes) is put in its large-object space, freed only by a major collection, which a worker
 * whose heap grows with a parse runs seldom; pieces under it die young once their lines are parsed.
 */
export const PIECE_CHARS = 1 << 15;

/** `text` cut into pieces of at most `max` characters, each ending at a line's end where one falls within it. */
export function linePieces(text: string, max: number = PIECE_CHARS): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let at = 0;
  while (text.length - at > max) {
    const nl = text.lastIndexOf('\n', at + max - 1);
    const end = nl >= at ? nl + 1 : at + max;
    out.push(text.slice(at, end));
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
