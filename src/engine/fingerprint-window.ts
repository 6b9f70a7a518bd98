/**
 * Fingerprint counts in a window of turns around the cursor, for the Charts tab: the whole run's
 * top fingerprints can all be at 0 near the cursor while the call actually repeating there is
 * missing; counted in the window, it is on top. Reads only the calls of the window (a few hundred
 * at most), so the page can ask for it at every key step. Pure: runs in the worker and in tests.
 */
import { sameExact } from './call-view';
import type { Counted, FingerprintSeries } from './series';

export interface WindowBar {
  fingerprint: string;
  name: string;
  /** Calls with this fingerprint in the window. */
  count: number;
  /** Calls with this fingerprint at the cursor turn itself. */
  atTurn: number;
  /** lines[k]: calls with this fingerprint from `from` up to turn `from + k`. */
  lines: Int32Array<ArrayBuffer>;
}

export interface FingerprintWindow {
  /** The cursor turn. */
  turn: number;
  /** The window's first and last turns (clipped to the run). */
  from: number;
  to: number;
  /** Most calls in the window first (ties: first seen first); every fingerprint called at the cursor is kept. */
  bars: WindowBar[];
}

interface Group {
  call: Counted;
  count: number;
  atTurn: number;
  /** Index of the first call in the window (the tie-break: stable, and the earlier call first). */
  first: number;
  perTurn: Int32Array<ArrayBuffer>;
}

/**
 * The `top` fingerprints by calls in turns [turn - radius, turn + radius] (within 1..turns);
 * `callsOf(t)` gives the calls of turn t. Fingerprints called at the cursor turn are kept even
 * when they are not among the most frequent (they replace the least frequent), so the bar of the
 * call being made is always there.
 */
export function fingerprintWindow(
  callsOf: (turn: number) => readonly Counted[],
  turns: number,
  turn: number,
  radius: number,
  top = 8,
): FingerprintWindow {
  const from = Math.max(1, turn - radius);
  const to = Math.min(turns, turn + radius);
  const width = Math.max(0, to - from + 1);
  const byHash = new Map<number, Group[]>();
  const groups: Group[] = [];
  let seen = 0;
  for (let t = from; t <= to; t++) {
    for (const call of callsOf(t)) {
      const h = call.exactHash | 0;
      let list = byHash.get(h);
      if (!list) byHash.set(h, (list = []));
      let g = list.find((x) => sameExact(x.call, call));
      if (!g) {
        g = { call, count: 0, atTurn: 0, first: seen, perTurn: new Int32Array(width) };
        list.push(g);
        groups.push(g);
      }
      g.count++;
      g.perTurn[t - from]++;
      if (t === turn) g.atTurn++;
      seen++;
    }
  }
  const ranked = groups.sort((a, b) => b.count - a.count || a.first - b.first);
  const chosen = ranked.slice(0, top);
  // The cursor's own calls: any left out take the places of the least frequent chosen ones.
  const missing = ranked.slice(top).filter((g) => g.atTurn > 0);
  for (let i = chosen.length - 1; i >= 0 && missing.length > 0; i--)
    if (chosen[i].atTurn === 0) chosen[i] = missing.shift()!;
  chosen.sort((a, b) => b.count - a.count || a.first - b.first);
  return {
    turn,
    from,
    to,
    bars: chosen.map((g) => {
      const lines = new Int32Array(width);
      let sum = 0;
      for (let k = 0; k < width; k++) lines[k] = sum += g.perTurn[k];
      return { fingerprint: g.call.exact, name: g.call.name, count: g.count, atTurn: g.atTurn, lines };
    }),
  };
}

/**
 * The whole run's top fingerprints' calls up to `turn`, exactly: the series holds them only at
 * its sampled turns (every ceil(turns / 1000)th), so the calls after the last sample at or before
 * `turn` are counted here (fewer than that step's turns).
 */
export function topCountsAt(
  series: FingerprintSeries,
  callsOf: (turn: number) => readonly Counted[],
  turn: number,
): number[] {
  const index = new Map(series.top.map((t, i) => [t.fingerprint, i]));
  const tl = series.timeline;
  let lo = 0;
  let hi = tl.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tl[mid].turn <= turn) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const counts = series.top.map((_, i) => (at >= 0 ? (tl[at].counts[i] ?? 0) : 0));
  for (let t = (at >= 0 ? tl[at].turn : 0) + 1; t <= turn; t++)
    for (const call of callsOf(t)) {
      const i = index.get(call.exact);
      if (i !== undefined) counts[i]++;
    }
  return counts;
}
