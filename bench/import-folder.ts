/**
 * The folder half of the import bench: an OpenHands V0 session as it sits on disk, a
 * folder of ~10,000 small event files (~200 MB), imported through the same path as the CLI and
 * the browser (planImport -> importUnit -> parseOpenHandsEventFolder), beside one JSONL file of
 * the same events (`events.jsonl`, importSource) in the same run. Baseline for each: read and
 * JSON.parse the same bytes, nothing else. Target: the folder within 2x of the single file.
 */
import { planImport } from '../src/import/folder';
import { importUnit } from '../src/import/folder-import';
import { importSource } from '../src/import/index';
import { eachLine, sourceFromBlob, splitLines } from '../src/import/source';
import type { ImportResult } from '../src/import/types';
import { callCount } from '../src/model/transcript';

const MB = 1e6;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

type Event = Record<string, unknown>;

/** A shell call and its output, in the V0 serialisation (event_to_dict). */
function eventPair(id: number, step: number, pad: string): [Event, Event] {
  const command = `grep -rn "def handler_${step % 40}" src/ | head -${20 + (step % 7)}`;
  const responseId = `chatcmpl-bench-${step}`;
  const ts = new Date(Date.UTC(2026, 2, 1, 8, 0, step)).toISOString();
  const action: Event = {
    id,
    timestamp: ts,
    source: 'agent',
    message: `Running command: ${command}`,
    action: 'run',
    tool_call_metadata: {
      function_name: 'execute_bash',
      tool_call_id: `call_${step}`,
      model_response: {
        id: responseId,
        model: 'bench-model',
        choices: [
          {
            message: {
              role: 'assistant',
              content: `Step ${step}: look for the handler.`,
              tool_calls: [
                {
                  id: `call_${step}`,
                  type: 'function',
                  function: { name: 'execute_bash', arguments: JSON.stringify({ command }) },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 12000 + step, completion_tokens: 40 },
      },
      total_calls_in_response: 1,
    },
    args: {
      command,
      is_input: false,
      thought: `Step ${step}: look for the handler.`,
      blocking: false,
      confirmation_state: 'confirmed',
    },
    timeout: 120,
  };
  const observation: Event = {
    id: id + 1,
    timestamp: ts,
    source: 'agent',
    message: `Command \`${command}\` executed with exit code 0.`,
    cause: id,
    observation: 'run',
    content: `src/handlers/h${step % 40}.py:${step % 300}: def handler_${step % 40}(event):\n${pad}`,
    extras: { command, metadata: { exit_code: step % 9 === 0 ? 1 : 0, pid: -1 }, hidden: false },
    success: true,
  };
  return [action, observation];
}

export interface GeneratedSession {
  /** One Blob per event file, named as OpenHands V0 writes them. */
  files: { path: string; blob: Blob }[];
  jsonl: Blob;
  bytes: number;
}

/** `fileCount` event files of about `targetMB / fileCount` each; the JSONL holds the same events. */
export function generateSession(fileCount: number, targetMB: number): GeneratedSession {
  const perFile = (targetMB * MB) / fileCount;
  const line = 'drwxr-xr-x  2 dev dev  4096 Mar  1 08:00 some/directory/listing/entry.py\n';
  // Half the files are calls (~1.6 KB), half their outputs: the outputs carry the bulk.
  const pad = line.repeat(Math.max(0, Math.floor((2 * perFile - 2300) / line.length)));
  const events: Event[] = [
    {
      id: 0,
      timestamp: '2026-03-01T08:00:00.000Z',
      source: 'user',
      message: 'Find the broken handler and fix it.',
      action: 'message',
      args: { content: 'Find the broken handler and fix it.', image_urls: null, wait_for_response: false },
    },
  ];
  for (let step = 0; events.length < fileCount; step++) events.push(...eventPair(events.length, step, pad));
  events.length = fileCount;
  const texts = events.map((e) => JSON.stringify(e));
  const files = texts.map((t, i) => ({
    path: `sessions/bench/events/${events[i].id as number}.json`,
    blob: new Blob([t]),
  }));
  const jsonl = new Blob([texts.join('\n') + '\n']);
  return { files, jsonl, bytes: files.reduce((n, f) => n + f.blob.size, 0) };
}

function summary(result: ImportResult, ms: number, bytes: number, progressEvents: number) {
  return {
    ms: round(ms, 0),
    mbPerSec: round(bytes / MB / (ms / 1000)),
    format: result.format,
    transcripts: result.transcripts.length,
    turns: result.transcripts.reduce((s, t) => s + t.turns.length, 0),
    calls: result.transcripts.reduce((s, t) => s + callCount(t), 0),
    progressEvents,
  };
}

/** The folder through the grouping and the folder parser, as `loopscope eval <folder>/` does. */
export async function importFolder(g: GeneratedSession) {
  let progressEvents = 0;
  const t0 = performance.now();
  const plan = planImport(g.files.map((f) => ({ path: f.path, size: f.blob.size, file: f.blob })));
  if (plan.units.length !== 1 || plan.units[0].kind !== 'openhands-events')
    throw new Error(`expected one OpenHands events folder, the plan has ${plan.units.length} units`);
  const unit = plan.units[0];
  const outcome = await importUnit(
    { ...unit, files: unit.files.map((f) => ({ ...f, file: sourceFromBlob(f.path, f.file) })) },
    { onProgress: () => progressEvents++ },
  );
  const ms = performance.now() - t0;
  if (outcome.status !== 'imported')
    throw new Error(outcome.status === 'failed' ? outcome.error.message : outcome.reason);
  return summary(outcome.result, ms, g.bytes, progressEvents);
}

export async function importJsonl(g: GeneratedSession) {
  let progressEvents = 0;
  const ctx = { onProgress: () => progressEvents++ };
  const t0 = performance.now();
  const result = await importSource(sourceFromBlob('sessions/bench/events.jsonl', g.jsonl, ctx), ctx);
  return summary(result, performance.now() - t0, g.jsonl.size, progressEvents);
}

async function parseOnly(g: GeneratedSession) {
  let t0 = performance.now();
  for (const f of g.files) JSON.parse(await f.blob.text());
  const folderMs = performance.now() - t0;
  t0 = performance.now();
  const chunks = async function* () {
    const reader = g.jsonl.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  };
  for await (const l of eachLine(splitLines(chunks()))) if (l !== '') JSON.parse(l);
  return { folderMs: round(folderMs, 0), jsonlMs: round(performance.now() - t0, 0) };
}

/** Each side on its own: one that fails (a parser not there yet) does not lose the other's numbers. */
async function attempt<T>(
  name: string,
  fn: () => Promise<T>,
  log: (s: string) => void,
): Promise<T | { error: string }> {
  try {
    const r = await fn();
    log(`import: openhands ${name}: ${JSON.stringify(r)}`);
    return r;
  } catch (e) {
    const first = (e as Error).message.split('\n')[0];
    log(`import: openhands ${name}: failed: ${first}`);
    return { error: first };
  }
}

export async function benchFolder(opts: { mb: number; files: number; log: (s: string) => void }) {
  const { log } = opts;
  const t0 = performance.now();
  const g = generateSession(opts.files, opts.mb);
  log(
    `import: generated ${g.files.length} OpenHands event files, ${round(g.bytes / MB)} MB, in ${round(performance.now() - t0, 0)} ms`,
  );
  const baseline = await parseOnly(g);
  const folder = await attempt('folder', () => importFolder(g), log);
  const jsonl = await attempt('events.jsonl', () => importJsonl(g), log);
  const ratio = 'ms' in folder && 'ms' in jsonl ? round(folder.ms / jsonl.ms, 2) : null;
  return {
    files: g.files.length,
    folderMB: round(g.bytes / MB),
    jsonlMB: round(g.jsonl.size / MB),
    jsonParse: baseline,
    folder,
    jsonl,
    /** Folder import time over single-file import time; the target is at most 2. */
    folderOverFile: ratio,
    withinTarget: ratio === null ? null : ratio <= 2,
  };
}
