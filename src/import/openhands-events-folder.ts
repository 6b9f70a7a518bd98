/**
 * An OpenHands session folder of one event per file, imported as one transcript: V0
 * `sessions/<id>/events/0.json, 1.json, …` and V1 SDK `events/event-00000-<uuid>.json` (names:
 * openhands-event-names.ts). Files are read a few at a time (small files cost a round trip each)
 * and fed in event order; a file that is not JSON or not an event is a warning naming it.
 */
import type { ImportWarning } from '../model/transcript';
import { jsonProblem, parseJson } from './json-parse';
import { openHandsEventOrder } from './openhands-event-names';
import { OPENHANDS_FORMAT, OpenHandsSession, isV0Event } from './openhands-stream';
import { isV1Event } from './openhands-v1';
import type { SessionFiles } from './session-files';
import { isObj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource } from './types';

/** Files read at once: enough to hide per-file latency, few enough to keep memory flat. */
const PARALLEL = 16;

function checkAbort(ctx: ImportContext): void {
  if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
}

function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

export async function parseOpenHandsEventFolder(session: SessionFiles, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const events: { order: number; src: ImportSource }[] = [];
  for (const src of session.files) {
    const order = openHandsEventOrder(src.name);
    if (order !== undefined) events.push({ order, src });
    // Dot files are the SDK's own bookkeeping (.eventlog.lock, .eventlog-count-N.marker).
    else if (!baseName(src.name).startsWith('.'))
      warnings.push({
        file: src.name,
        reason: 'not an OpenHands event file name (N.json or event-NNNNN-<id>.json); skipped',
      });
  }
  // Numeric order: 10.json comes after 9.json.
  events.sort((a, b) => a.order - b.order || (a.src.name < b.src.name ? -1 : 1));
  if (events.length === 0) throw new ImportError(session.name, 'no OpenHands event files in this folder');

  const total = session.files.reduce((n, f) => n + f.size, 0);
  let done = session.files.reduce((n, f) => n + (openHandsEventOrder(f.name) === undefined ? f.size : 0), 0);
  ctx.onProgress?.(done, total);
  const s = new OpenHandsSession(session.name, warnings);
  let read = 0;
  for (let i = 0; i < events.length; i += PARALLEL) {
    checkAbort(ctx);
    const batch = events.slice(i, i + PARALLEL);
    const texts = await Promise.all(batch.map(({ src }) => src.text()));
    checkAbort(ctx);
    batch.forEach(({ src }, j) => {
      done += src.size;
      warnings.push(...(src.decodeWarnings?.() ?? []));
      let value: unknown;
      try {
        value = parseJson(texts[j], { file: src.name, warnings });
      } catch (e) {
        warnings.push({ file: src.name, reason: `${jsonProblem(e)}; skipped` });
        return;
      }
      if (!isObj(value) || !(isV0Event(value) || isV1Event(value))) {
        warnings.push({
          file: src.name,
          reason: 'not an OpenHands event (no "action", "observation" or event "kind"); skipped',
        });
        return;
      }
      read++;
      const before = warnings.length;
      s.push(value, `event ${String(value.id ?? baseName(src.name))}`);
      // What the reader says about this event names its file.
      for (let w = before; w < warnings.length; w++) warnings[w] = { ...warnings[w], file: src.name };
    });
    ctx.onProgress?.(done, total);
  }
  if (read === 0) throw new ImportError(session.name, 'none of the event files of this folder is an OpenHands event');
  const fallback =
    session.name
      .replace(/[\\/]events[\\/]?$/, '')
      .split(/[\\/]/)
      .pop() || session.name;
  return { format: OPENHANDS_FORMAT, transcripts: [s.build(session.name, fallback)], warnings };
}
