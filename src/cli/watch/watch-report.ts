/**
 * What the watch prints: each event once (stdout), import warnings once and notes (stderr), and
 * the closing summary. Every transcript-controlled string goes through the terminal escaper
 * (terminalLine), and the CLI's sinks escape whatever is left.
 */
import { terminalLine } from '../../export/escape/terminal';
import { formatWarning, type ImportWarning } from '../../model/transcript';
import type { Action } from '../../engine/types';
import { publicEvent } from '../../engine/event';
import { eventLine } from '../commands/detect';
import type { Out } from '../io';
import { eventKey, type WatchEvent } from './settled-events';

interface SessionLog {
  path: string;
  printed: Set<string>;
  warned: Set<string>;
  turns: number;
  counts: Map<Action, number>;
  stop?: { turn: number; detector: string };
}

export class WatchReport {
  private readonly sessions = new Map<string, SessionLog>();
  private last: SessionLog | undefined;

  constructor(
    private readonly out: Out,
    private readonly err: Out,
    private readonly json: boolean,
  ) {}

  private log(path: string): SessionLog {
    let s = this.sessions.get(path);
    if (!s) {
      s = { path, printed: new Set(), warned: new Set(), turns: 0, counts: new Map() };
      this.sessions.set(path, s);
    }
    this.last = s;
    return s;
  }

  /** A line on stderr about the watch itself, naming a file. */
  note(text: string): void {
    this.err.write(`watch: ${terminalLine(text)}\n`);
  }

  /** Each warning of a session once: every read of the file repeats them. */
  warnings(path: string, warnings: readonly ImportWarning[]): void {
    const s = this.log(path);
    for (const w of warnings) {
      const line = formatWarning(w);
      if (s.warned.has(line)) continue;
      s.warned.add(line);
      this.err.write(`warning: ${terminalLine(line)}\n`);
    }
  }

  turns(path: string, turns: number): void {
    this.log(path).turns = turns;
  }

  /** Prints the event unless this session printed it before; true when printed. */
  event(path: string, e: WatchEvent): boolean {
    const s = this.log(path);
    const key = eventKey(e);
    if (s.printed.has(key)) return false;
    s.printed.add(key);
    const ev = e.event;
    s.counts.set(ev.action, (s.counts.get(ev.action) ?? 0) + 1);
    if (ev.action === 'terminate' && !s.stop) s.stop = { turn: ev.turn, detector: ev.detector };
    if (this.json) {
      this.out.write(`${JSON.stringify({ file: path, transcript: e.title, ...publicEvent(ev) })}\n`);
      return true;
    }
    const [, ...more] = ev.message.split('\n');
    this.out.write(`${eventLine(ev)}\n`);
    for (const line of more) this.out.write(`    ${terminalLine(line)}\n`);
    return true;
  }

  /** One line: the last session followed, its events by action, where it would stop, the others. */
  summary(): string {
    const s = this.last;
    if (!s) return 'watched nothing: no session was readable';
    const total = [...s.counts.values()].reduce((a, b) => a + b, 0);
    const by = [...s.counts].map(([action, n]) => `${n} ${action}`).join(', ');
    const stop = s.stop ? `the run would stop at turn ${s.stop.turn} (${s.stop.detector})` : 'no stop';
    const others = [...this.sessions.values()].filter((o) => o !== s);
    const earlier = others.reduce((n, o) => n + o.printed.size, 0);
    const tail = others.length
      ? `; ${others.length} other session${others.length === 1 ? '' : 's'}: ${earlier} event${earlier === 1 ? '' : 's'}`
      : '';
    return `watched ${terminalLine(s.path)}: ${s.turns} turns, ${total} event${total === 1 ? '' : 's'}${by ? ` (${by})` : ''}, ${stop}${tail}`;
  }
}
