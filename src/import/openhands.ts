/**
 * OpenHands sessions in one file: a replay/trajectory (a JSON list of events), evaluation
 * `output.jsonl` (one record a line, its events in `history[]`, one transcript per record), an
 * event stream `events.jsonl` (one event a line, one transcript for the file), or a single event.
 * V0 events and V1 SDK events are both read (openhands-v0.ts, openhands-v1.ts); a folder of one
 * event per file is openhands-events-folder.ts. Rules per field: docs/formats.md, "OpenHands".
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { openJsonDocs } from './json-docs';
import { keysAt, scanJsonHead } from './json-head';
import { isV0Event, OPENHANDS_FORMAT, OpenHandsSession } from './openhands-stream';
import { isV1Event } from './openhands-v1';
import { isObj, str, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export { OPENHANDS_FORMAT } from './openhands-stream';

function recordTitle(r: Obj): string | undefined {
  const issue = isObj(r.issue) ? r.issue : undefined;
  if (issue && str(issue.owner) && str(issue.repo) && issue.number !== undefined)
    return `${str(issue.owner)}/${str(issue.repo)}#${String(issue.number)}`;
  return str(r.instance_id);
}

function readAll(file: string, warnings: ImportWarning[], events: unknown[], line?: number): OpenHandsSession {
  const s = new OpenHandsSession(file, warnings, line);
  for (const e of events) s.push(e);
  return s;
}

export async function parseOpenHands(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const base = file.split(/[\\/]/).pop() ?? file;
  const warnings: ImportWarning[] = [];
  // Streamed: each record (or event) is read before the next line is parsed.
  const { docs } = await openJsonDocs(src, warnings, ctx.signal);
  const transcripts: Transcript[] = [];
  let stream: OpenHandsSession | undefined;
  let n = 0;
  for await (const doc of docs) {
    n++;
    const v = doc.value;
    if (Array.isArray(v)) transcripts.push(readAll(file, warnings, v, doc.line).build(file, base));
    else if (isObj(v) && Array.isArray(v.history)) {
      const s = readAll(file, warnings, v.history, doc.line);
      transcripts.push(s.build(file, `${base} record ${n}`, recordTitle(v)));
    } else if (isObj(v) && (isV0Event(v) || isV1Event(v))) {
      // events.jsonl: every line one event of the same session.
      stream ??= new OpenHandsSession(file, warnings);
      stream.b.line = doc.line;
      stream.push(v);
    } else
      warnings.push({
        file,
        line: doc.line,
        reason: 'neither an event, a list of events nor a record with "history"; skipped',
      });
  }
  if (stream) {
    stream.b.line = undefined;
    transcripts.push(stream.build(file, base));
  }
  if (transcripts.length === 0)
    throw new ImportError(file, 'no OpenHands event, event list or record with "history" in this file');
  return { format: OPENHANDS_FORMAT, transcripts, warnings };
}

/** Keys of a V0 event (`event_to_dict`): an action or observation plus the envelope. */
function isV0EventKeys(keys: string[]): boolean {
  return (keys.includes('action') || keys.includes('observation')) && !keys.includes('role');
}

/** A V0 event standing alone (a line, a file): also the envelope, so a stray "action" key is not enough. */
function isLoneV0EventKeys(keys: string[]): boolean {
  return (
    isV0EventKeys(keys) && ['args', 'extras', 'source', 'cause', 'tool_call_metadata'].some((k) => keys.includes(k))
  );
}

/** Keys of a V1 SDK event: `kind`, the envelope and a field only events have. */
function isV1EventKeys(keys: string[]): boolean {
  const own = [
    'llm_message',
    'system_prompt',
    'tool_call',
    'observation',
    'error',
    'rejection_reason',
    'forgotten_event_ids',
  ];
  return keys.includes('kind') && keys.includes('source') && keys.includes('id') && own.some((k) => keys.includes(k));
}

export const openhandsImporter: Importer = {
  id: OPENHANDS_FORMAT,
  label: 'OpenHands events',
  // output.jsonl, events.jsonl and trajectory .json names are used by many tools: content decides.
  matchesName: () => false,
  sniff(head) {
    const h = scanJsonHead(head, 3);
    const first = keysAt(h, '0');
    if (h.root === 'array' && (isV0EventKeys(first) || isV1EventKeys(first))) return null;
    if (h.root === 'object') {
      const root = keysAt(h, '');
      if (
        root.includes('history') &&
        (isV0EventKeys(keysAt(h, 'history.0')) || isV0EventKeys(keysAt(h, 'history.0.0')))
      )
        return null;
      if (root.includes('history') && root.includes('instance_id') && root.includes('instruction')) return null;
      if (isLoneV0EventKeys(root) || isV1EventKeys(root)) return null;
    }
    return 'not OpenHands events ("action"/"observation" or an SDK "kind"), alone, one a line, in a list or in records with "history"';
  },
  parse: parseOpenHands,
};
