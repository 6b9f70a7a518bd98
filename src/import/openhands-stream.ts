/**
 * One OpenHands session from its events, fed one at a time (a list, a JSON Lines stream, a folder
 * of one event per file): V0 events (`action` / `observation` strings) and V1 SDK events (`kind`)
 * are told apart per event and read by their own reader into one transcript.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { V0EventReader } from './openhands-v0';
import { isV1Event, V1EventReader } from './openhands-v1';
import { isObj, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';

export const OPENHANDS_FORMAT = 'openhands';

/** A V0 event: an action or observation type string. */
export function isV0Event(e: Obj): boolean {
  return typeof e.action === 'string' || typeof e.observation === 'string';
}

export class OpenHandsSession {
  readonly b: TranscriptBuilder;
  private v0?: V0EventReader;
  private v1?: V1EventReader;
  private k = 0;

  constructor(file: string, warnings: ImportWarning[], line?: number) {
    this.b = new TranscriptBuilder(file, warnings);
    this.b.line = line;
  }

  /**
   * Reads one item: an event, or an old `[action, observation]` pair. `where` names it in warnings
   * (default: its id, else its position).
   */
  push(item: unknown, where?: string): void {
    for (const e of Array.isArray(item) ? item : [item]) {
      const at =
        where ?? (isObj(e) && e.id !== undefined && e.id !== null ? `event ${String(e.id)}` : `event #${this.k}`);
      this.k++;
      if (!isObj(e)) this.b.warn(`${at}: not an object; skipped`);
      else if (isV0Event(e)) (this.v0 ??= new V0EventReader(this.b)).push(e, at);
      else if (isV1Event(e)) (this.v1 ??= new V1EventReader(this.b)).push(e, at);
      else this.b.warn(`${at}: not an OpenHands event (no "action", "observation" or event "kind"); skipped`);
    }
  }

  /** The transcript; `title` overrides the first user line, `fallback` is used when there is none. */
  build(source: string, fallback: string, title?: string): Transcript {
    return this.b.build({
      title: title ?? titleFrom(this.b.firstUserText()) ?? fallback,
      format: OPENHANDS_FORMAT,
      source,
    });
  }
}
