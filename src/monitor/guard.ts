/**
 * What an SDK adapter does with a monitor's events: lines go in, and it says when to stop the run
 * and which messages to feed back to the model before its next step. Shared by the Vercel AI SDK
 * and OpenAI Agents SDK adapters, so both act alike on warn, block and terminate.
 */
import { ACTION_RANK, type Action } from '../engine/types';

/** The monitor as the adapters use it (the package's `Monitor`). */
export interface ObservingMonitor<E extends { action: Action; message: string }> {
  observe(line: object): E[];
}

export interface GuardOptions<E> {
  /** Stop the run at the first event of this action or a stronger one (default `terminate`). */
  stopAt?: Action;
  /** Feed back the messages of events of this action or stronger (below `stopAt`) to the model; `false`: never (default `warn`). */
  nudgeAt?: Action | false;
  /** Called with every event, as it is raised. */
  onEvent?: (event: E) => void;
}

export class Guard<E extends { action: Action; message: string }> {
  /** The lines observed, in order: the run as Loopscope JSONL (one `JSON.stringify` per line). */
  readonly lines: object[] = [];
  /** The event that stopped the run, or null. */
  stoppedBy: E | null = null;
  private nudges: string[] = [];
  private readonly stopRank: number;
  private readonly nudgeRank: number;

  constructor(
    readonly monitor: ObservingMonitor<E>,
    private readonly options: GuardOptions<E> = {},
  ) {
    this.stopRank = ACTION_RANK[options.stopAt ?? 'terminate'];
    this.nudgeRank = options.nudgeAt === false ? Infinity : ACTION_RANK[options.nudgeAt ?? 'warn'];
  }

  /** Observes one line; events past a stop are not acted on (the run has ended). */
  observe(line: object): E[] {
    this.lines.push(line);
    const events = this.monitor.observe(line);
    for (const e of events) {
      this.options.onEvent?.(e);
      if (this.stoppedBy) continue;
      const rank = ACTION_RANK[e.action];
      if (rank >= this.stopRank) this.stoppedBy = e;
      else if (rank >= this.nudgeRank && !this.nudges.includes(e.message)) this.nudges.push(e.message);
    }
    return events;
  }

  /** The messages to feed back before the next step (each once), joined; undefined when none. */
  takeNudge(): string | undefined {
    if (this.stoppedBy || this.nudges.length === 0) return undefined;
    const text = this.nudges.join('\n\n');
    this.nudges = [];
    return text;
  }
}

/** A tool result or error as the text a transcript keeps. */
export function resultText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.message;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
