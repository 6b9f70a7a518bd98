/**
 * The import section of `npm run bench`: a ~200 MB Loopscope JSONL file and a Claude Code
 * session JSONL of similar size, generated in memory as Blobs, imported through the real path
 * (sourceFromBlob -> importSource, as the worker and the CLI do). The baseline, measured in the
 * same run on the same Blob: read it, split it into lines and JSON.parse every line, nothing
 * else. Memory is sampled at every progress report (once per MB read) and given relative to the
 * file size: line formats stream, so the peak should stay a small multiple of the file.
 * Then an OpenHands folder of ~10,000 event files beside one events.jsonl of the same events
 * (bench/import-folder.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { importSource } from '../src/import/index';
import { eachLine, sourceFromBlob, splitLines } from '../src/import/source';
import type { ImportContext } from '../src/import/types';
import { callCount } from '../src/model/transcript';
import { generateRun } from './generate';
import { benchFolder } from './import-folder';

export interface ImportBenchOptions {
  /** Target size of each generated file in MB (default 200). */
  mb?: number;
  /** Event files in the generated OpenHands folder (default 10,000). */
  files?: number;
  log?: (line: string) => void;
}

/** A full GC between phases, so heap figures are what is alive, not what is waiting. */
function getGc(): (() => void) | undefined {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
const gc = getGc();

const MB = 1e6;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

interface Generated {
  blob: Blob;
  lines: number;
}

type Line = Record<string, unknown>;

/** One Loopscope line as the Claude Code lines that would have recorded it. */
function toClaudeCode(o: Line, n: number, out: string[]): void {
  const base = (type: string, uuid: string) => ({
    parentUuid: n > 0 ? `u${n - 1}` : null,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/project',
    sessionId: 'b3c1d2e4-0000-4000-8000-bench00000001',
    version: '1.0.44',
    type,
    uuid,
    timestamp: (o.timestamp as string | undefined) ?? '2026-03-01T08:00:00.000Z',
  });
  if (o.type === 'user') {
    out.push(JSON.stringify({ ...base('user', `u${n}`), message: { role: 'user', content: o.text } }));
    return;
  }
  if (o.type !== 'assistant') return;
  const tokens = (o.tokens as { input: number; output: number } | undefined) ?? { input: 0, output: 0 };
  const usage = { input_tokens: 4, cache_read_input_tokens: tokens.input, output_tokens: tokens.output };
  const message = (content: unknown[]) => ({
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4',
    content,
    usage,
  });
  // Claude Code writes one line per content block of a response, all sharing message.id.
  if (o.text)
    out.push(JSON.stringify({ ...base('assistant', `a${n}`), message: message([{ type: 'text', text: o.text }]) }));
  const calls =
    (o.calls as { id: string; name: string; args: unknown; result?: { content: string; isError: boolean } }[]) ?? [];
  calls.forEach((c, i) =>
    out.push(
      JSON.stringify({
        ...base('assistant', `a${n}-${i}`),
        message: message([{ type: 'tool_use', id: `toolu_${n}_${c.id}`, name: c.name, input: c.args }]),
      }),
    ),
  );
  const results = calls.filter((c) => c.result);
  if (results.length)
    out.push(
      JSON.stringify({
        ...base('user', `u${n}`),
        message: {
          role: 'user',
          content: results.map((c) => ({
            type: 'tool_result',
            tool_use_id: `toolu_${n}_${c.id}`,
            content: c.result!.content,
            is_error: c.result!.isError,
          })),
        },
      }),
    );
}

/**
 * Generates both files chunk by chunk (bench/generate.ts runs of 20,000 calls with different
 * seeds), so only one chunk of strings is alive at a time; the Blobs hold the bytes.
 */
function generate(targetMB: number, log: (s: string) => void): { loopscope: Generated; claude: Generated } {
  const loopParts: Blob[] = [];
  const ccParts: Blob[] = [];
  let loopBytes = 0;
  let ccBytes = 0;
  let loopLines = 0;
  let ccLines = 0;
  let n = 0;
  for (let k = 0; loopBytes < targetMB * MB || ccBytes < targetMB * MB; k++) {
    const run = generateRun(20_000, 20260301 + k);
    // One transcript: only the first chunk keeps its meta line; judge and label lines refer to
    // the chunk's own turns, so they are dropped from the others.
    const lines =
      k === 0
        ? run.lines
        : run.lines.filter((l) => l.startsWith('{"type":"user"') || l.startsWith('{"type":"assistant"'));
    if (loopBytes < targetMB * MB) {
      const part = new Blob([lines.join('\n') + '\n']);
      loopParts.push(part);
      loopBytes += part.size;
      loopLines += lines.length;
    }
    if (ccBytes < targetMB * MB) {
      const cc: string[] = [];
      for (const l of lines) toClaudeCode(JSON.parse(l) as Line, n++, cc);
      const part = new Blob([cc.join('\n') + '\n']);
      ccParts.push(part);
      ccBytes += part.size;
      ccLines += cc.length;
    }
    log(
      `import: generated ${round(loopBytes / MB, 0)} MB Loopscope JSONL, ${round(ccBytes / MB, 0)} MB Claude Code JSONL`,
    );
  }
  return {
    loopscope: { blob: new Blob(loopParts), lines: loopLines },
    claude: { blob: new Blob(ccParts), lines: ccLines },
  };
}

function memory() {
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss, external: m.external };
}

/** The baseline: the same Blob read, split into lines and JSON.parse'd, nothing kept. */
async function parseOnly(blob: Blob): Promise<{ ms: number; lines: number }> {
  const chunks = async function* () {
    const reader = blob.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let i = 0; i < value.byteLength; i += 1 << 20) yield value.subarray(i, i + (1 << 20));
    }
  };
  const t0 = performance.now();
  let lines = 0;
  for await (const line of eachLine(splitLines(chunks()))) {
    if (line.trim() === '') continue;
    JSON.parse(line);
    lines++;
  }
  return { ms: performance.now() - t0, lines };
}

async function benchOne(name: string, g: Generated, log: (s: string) => void) {
  const fileMB = g.blob.size / MB;
  const base = await parseOnly(g.blob);
  log(`import: ${name}: JSON.parse of ${base.lines} lines in ${round(base.ms, 0)} ms`);

  gc?.();
  const before = memory();
  const peak = { ...before };
  let progressEvents = 0;
  let lastRead = -1;
  let monotonic = true;
  const ctx: ImportContext = {
    onProgress: (read) => {
      progressEvents++;
      if (read < lastRead) monotonic = false;
      lastRead = read;
      const m = memory();
      peak.heap = Math.max(peak.heap, m.heap);
      peak.rss = Math.max(peak.rss, m.rss);
      peak.external = Math.max(peak.external, m.external);
    },
  };
  const t0 = performance.now();
  const result = await importSource(
    sourceFromBlob(name === 'claude-code' ? 'session.jsonl' : 'bench.loop.jsonl', g.blob, ctx),
    ctx,
  );
  const ms = performance.now() - t0;
  gc?.();
  const after = memory();
  const transcripts = result.transcripts.length;
  const turns = result.transcripts.reduce((s, t) => s + t.turns.length, 0);
  const calls = result.transcripts.reduce((s, t) => s + callCount(t), 0);
  log(`import: ${name}: ${transcripts} transcript(s), ${turns} turns, ${calls} calls in ${round(ms, 0)} ms`);
  return {
    fileMB: round(fileMB),
    lines: g.lines,
    format: result.format,
    transcripts,
    turns,
    calls,
    warnings: result.warnings.length,
    jsonParse: { ms: round(base.ms, 0), mbPerSec: round(fileMB / (base.ms / 1000)) },
    import: {
      ms: round(ms, 0),
      mbPerSec: round(fileMB / (ms / 1000)),
      /** Import time over JSON.parse time of the same bytes. */
      ratioToParse: round(ms / base.ms, 2),
      progressEvents,
      progressMonotonic: monotonic,
    },
    memory: {
      gcAvailable: gc !== undefined,
      heapBeforeMB: round(before.heap / MB),
      peakHeapMB: round(peak.heap / MB),
      /** Heap growth at its peak during the import, over the file size. */
      peakHeapGrowthOverFile: round((peak.heap - before.heap) / g.blob.size, 2),
      /** What the imported transcripts keep after a full GC, over the file size. */
      retainedHeapOverFile: round((after.heap - before.heap) / g.blob.size, 2),
      rssBeforeMB: round(before.rss / MB),
      peakRssMB: round(peak.rss / MB),
      peakRssGrowthOverFile: round((peak.rss - before.rss) / g.blob.size, 2),
      /** The whole process at its peak (the Blob itself included) over the file size. */
      peakRssOverFile: round(peak.rss / g.blob.size, 2),
    },
  };
}

export async function benchImport(opts: ImportBenchOptions = {}) {
  const mb = opts.mb ?? 200;
  const log = opts.log ?? ((s: string) => process.stderr.write(s + '\n'));
  if (!gc) log('import: no gc() available; heap figures include garbage');
  const t0 = performance.now();
  const files: Partial<ReturnType<typeof generate>> = generate(mb, log);
  const generateMs = performance.now() - t0;
  const loopscope = await benchOne('loopscope-jsonl', files.loopscope!, log);
  delete files.loopscope; // so the second file's figures do not carry the first one's Blob
  gc?.();
  const claudeCode = await benchOne('claude-code', files.claude!, log);
  delete files.claude;
  gc?.();
  const openhandsFolder = await benchFolder({ mb, files: opts.files ?? 10_000, log });
  gc?.();
  return {
    targetMB: mb,
    generateMs: round(generateMs, 0),
    node: process.version,
    'loopscope-jsonl': loopscope,
    'claude-code': claudeCode,
    'openhands-folder': openhandsFolder,
  };
}
