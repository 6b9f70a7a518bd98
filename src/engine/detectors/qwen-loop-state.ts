/**
 * The per-prompt state of Qwen Code's LoopDetectionService (loopDetectionService.ts at
 * 00aa71b4a0a37df1c392eb9b90e1c53d008fdce5), one method per bookkeeping step of the source; a new
 * prompt (`reset(promptId)`) is a new object.
 */

export type QwenLoopType =
  | 'consecutive_identical_tool_calls'
  | 'shell_command_stagnation'
  | 'turn_tool_call_cap'
  | 'global_tool_call_duplicate'
  | 'alternating_tool_call_pattern'
  | 'read_file_loop'
  | 'action_stagnation';

/** Result evidence of a stateful read key (statefulRepeatState). */
interface StatefulRecord {
  resultsObserved: number;
  unchangedStreak: number;
  consecutiveIdenticalResults: number;
  lastFingerprint: string | undefined;
}

export class QwenState {
  loopDetected = false;
  lastKey: string | null = null;
  repetitions = 0;
  lastShellKey: string | null = null;
  shellStreak = 0;
  total = 0;
  capMaxKeyRepeat = 0;
  readonly capKeyCounts = new Map<string, number>();
  readonly globalCounts = new Map<string, number>();
  recentKeys: string[] = [];
  /** Whether each of the last calls was read-like (recentToolCalls). */
  readonly recentReads: boolean[] = [];
  hasSeenNonRead = false;
  sameNameStreak = 0;
  lastName: string | null = null;
  readonly statefulKeys = new Set<string>();
  readonly statefulInFlight = new Map<string, number>();
  readonly altHistory = new Map<string, string[]>();
  readonly stateful = new Map<string, StatefulRecord>();

  trackCapKey(key: string): void {
    const n = (this.capKeyCounts.get(key) ?? 0) + 1;
    this.capKeyCounts.set(key, n);
    if (n > this.capMaxKeyRepeat) this.capMaxKeyRepeat = n;
  }

  /** checkToolCallLoop: true when the streak reaches the threshold (stateful keys need unchanged results). */
  checkToolCallLoop(key: string, isStateful: boolean, threshold: number): boolean {
    if (this.lastKey === key) this.repetitions++;
    else {
      for (const k of [this.lastKey, key]) {
        const r = k === null ? undefined : this.stateful.get(k);
        if (r) {
          r.resultsObserved = 0;
          r.unchangedStreak = 0;
        }
      }
      this.lastKey = key;
      this.repetitions = 1;
    }
    if (this.repetitions < threshold) return false;
    if (isStateful) {
      const r = this.stateful.get(key);
      const expected = this.repetitions - 1;
      if (r && r.resultsObserved >= expected && r.unchangedStreak < expected - 1) {
        // A result changed during the streak: productive polling, the streak starts over.
        this.repetitions = 1;
        r.resultsObserved = 0;
        r.unchangedStreak = 0;
        return false;
      }
    }
    return true;
  }

  /** trackToolCall: the read window, the cold-start gate and the same-name streak. */
  trackCall(name: string, readLike: boolean, window: number): void {
    this.recentReads.push(readLike);
    if (this.recentReads.length > window) this.recentReads.shift();
    if (!readLike) this.hasSeenNonRead = true;
    this.sameNameStreak = this.lastName === name ? this.sameNameStreak + 1 : 1;
    this.lastName = name;
  }

  countGlobal(key: string): number {
    const n = (this.globalCounts.get(key) ?? 0) + 1;
    this.globalCounts.set(key, n);
    return n;
  }

  /** checkAlternatingPattern, with the stateful carve-out (results that changed restart the window). */
  checkAlternating(key: string, cycles: number): boolean {
    const maxLen = 2 * cycles;
    this.recentKeys.push(key);
    if (this.recentKeys.length > maxLen) this.recentKeys.shift();
    if (this.recentKeys.length < maxLen) return false;
    const [a, b] = this.recentKeys;
    if (a === b) return false;
    for (let i = 0; i < maxLen; i++) if (this.recentKeys[i] !== (i % 2 === 0 ? a : b)) return false;
    for (const k of [a, b]) {
      if (!this.statefulKeys.has(k)) continue;
      const occurrences = this.recentKeys.filter((x) => x === k).length;
      const expected = occurrences - Math.min(this.statefulInFlight.get(k) ?? 0, occurrences);
      if (expected <= 0) continue;
      const history = this.altHistory.get(k);
      if (!history || history.length < expected) continue;
      const recent = history.slice(-expected);
      if (recent.some((fp) => fp !== recent[0])) {
        this.recentKeys = [];
        return false;
      }
    }
    return true;
  }

  /** recordToolResult for a stateful read: returns its consecutive identical results. */
  recordStatefulResult(name: string, key: string, fingerprint: string, cycles: number): number {
    const inFlight = this.statefulInFlight.get(key) ?? 0;
    if (inFlight > 0) this.statefulInFlight.set(key, inFlight - 1);
    const history = this.altHistory.get(key) ?? [];
    history.push(fingerprint);
    if (history.length > cycles) history.shift();
    this.altHistory.set(key, history);
    let r = this.stateful.get(key);
    if (!r) {
      r = { resultsObserved: 0, unchangedStreak: 0, consecutiveIdenticalResults: 0, lastFingerprint: undefined };
      this.stateful.set(key, r);
    }
    const first = r.lastFingerprint === undefined;
    const changed = !first && r.lastFingerprint !== fingerprint;
    if (this.lastKey === key) {
      r.resultsObserved++;
      if (first) r.lastFingerprint = fingerprint;
      else if (r.lastFingerprint === fingerprint) r.unchangedStreak++;
      else {
        r.unchangedStreak = 0;
        r.lastFingerprint = fingerprint;
      }
    } else r.lastFingerprint = fingerprint;
    if (changed && this.lastName === name) this.sameNameStreak = 1;
    r.consecutiveIdenticalResults = changed ? 1 : r.consecutiveIdenticalResults + 1;
    return r.consecutiveIdenticalResults;
  }
}
