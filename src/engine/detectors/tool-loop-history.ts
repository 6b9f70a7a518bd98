/**
 * The history reads of OpenClaw's tool-loop detection (openclaw/openclaw
 * src/agents/tool-loop-detection.ts at 00655306d8f3d8123be9d4bf956c3f8ad32bd4e0): streaks
 * counted from the end of the last `historySize` calls, the current call not yet among them.
 */

export interface ToolRecord {
  toolName: string;
  /** Tool name + the arguments' stable JSON (`hashToolCall`). */
  argsHash: string;
  resultHash?: string;
  unknownToolName?: string;
}

/** `getUnknownToolRepeatStreak`: the same missing tool reported by this tool's last calls. */
export function unknownToolStreak(history: ToolRecord[], toolName: string): { count: number; name?: string } {
  let count = 0;
  let name: string | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i];
    if (r.toolName !== toolName || !r.unknownToolName) break;
    if (!name) {
      name = r.unknownToolName;
      count = 1;
      continue;
    }
    if (r.unknownToolName !== name) break;
    count++;
  }
  return { count, name };
}

/**
 * `getNoProgressStreak`: among the earlier calls with these arguments (others skipped, calls
 * without an outcome skipped), how many in a row from the end had the latest outcome.
 */
export function noProgressStreak(history: ToolRecord[], argsHash: string): { count: number; latest?: string } {
  let count = 0;
  let latest: string | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i];
    if (r.argsHash !== argsHash || !r.resultHash) continue;
    if (!latest) {
      latest = r.resultHash;
      count = 1;
      continue;
    }
    if (r.resultHash !== latest) break;
    count++;
  }
  return { count, latest };
}

export interface PingPong {
  count: number;
  pairedSignature?: string;
  noProgressEvidence: boolean;
}

/**
 * `getPingPongStreak`: the history ends alternating between two signatures and the current call
 * continues it; `count` includes the current call. No progress: every call of the tail has an
 * outcome, each side always the same one.
 */
export function pingPongStreak(history: ToolRecord[], current: string): PingPong {
  const none: PingPong = { count: 0, noProgressEvidence: false };
  const last = history.at(-1);
  if (!last) return none;
  let other: string | undefined;
  for (let i = history.length - 2; i >= 0; i--)
    if (history[i].argsHash !== last.argsHash) {
      other = history[i].argsHash;
      break;
    }
  if (!other) return none;
  let tail = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].argsHash !== (tail % 2 === 0 ? last.argsHash : other)) break;
    tail++;
  }
  if (tail < 2 || current !== other) return none;
  let hashA: string | undefined;
  let hashB: string | undefined;
  let evidence = true;
  for (let i = history.length - tail; i < history.length; i++) {
    const r = history[i];
    if (!r.resultHash) {
      evidence = false;
      break;
    }
    const isA = r.argsHash === last.argsHash;
    const seen = isA ? hashA : hashB;
    if (!seen) {
      if (isA) hashA = r.resultHash;
      else hashB = r.resultHash;
    } else if (seen !== r.resultHash) {
      evidence = false;
      break;
    }
  }
  if (!hashA || !hashB) evidence = false;
  return { count: tail + 1, pairedSignature: last.argsHash, noProgressEvidence: evidence };
}

/** `extractUnknownToolName`: the tool an error says does not exist. */
export function unknownToolName(error: string): string | undefined {
  const raw = error.trim();
  if (!raw) return undefined;
  const m =
    raw.match(/unknown tool[:\s]+["']?([a-z0-9_.-]+)["']?/i) ??
    raw.match(/tool\s+["']?([a-z0-9_.-]+)["']?\s+(?:not found|is not available)/i);
  return m?.[1]?.trim().toLowerCase() || undefined;
}

/** `isKnownPollToolCall`: command_status, or process with action poll / log. */
export function isKnownPoll(toolName: string, args: unknown): boolean {
  if (toolName === 'command_status') return true;
  if (toolName !== 'process' || args === null || typeof args !== 'object' || Array.isArray(args)) return false;
  const action = (args as Record<string, unknown>).action;
  return action === 'poll' || action === 'log';
}
