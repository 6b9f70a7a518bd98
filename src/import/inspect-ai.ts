/**
 * inspect_ai eval logs (UKGovernmentBEIS/inspect_ai): a `.json` EvalLog or a `.eval` zip archive.
 * One transcript per sample; the mapping of a sample is in inspect-ai-sample.ts, the archive
 * layout in inspect-ai-zip.ts.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';
import { INSPECT_FORMAT, evalInfo, sampleTranscript } from './inspect-ai-sample';
import { ARCHIVE_LIMITS } from '../model/limits';
import { openEvalArchive, type SampleEntry } from './inspect-ai-archive';
import { readJsonDocument } from './json-docs';

export { INSPECT_FORMAT } from './inspect-ai-sample';

const ZIP_MAGIC = 'PK\u0003\u0004';
/** How far into a `.json` log the top-level keys are looked for (`version`, `status`, `eval` lead). */
const SNIFF_CHARS = 4096;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkAbort(ctx: ImportContext): void {
  if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
}

async function readJsonLog(
  src: ImportSource,
  warnings: ImportWarning[],
): Promise<{ header: unknown; samples: SampleEntry[] }> {
  const log = await readJsonDocument(src, warnings);
  if (!isObj(log) || !isObj(log.eval))
    throw new ImportError(src.name, 'not an inspect_ai log: no "eval" object at the top level');
  const list = Array.isArray(log.samples) ? log.samples : [];
  return { header: log, samples: list.map((sample: unknown, i) => ({ entry: `samples[${i}]`, read: () => sample })) };
}

export async function parseInspectAi(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  const head = await src.head();
  const { header, samples } = head.startsWith(ZIP_MAGIC)
    ? openEvalArchive(await src.bytes(), file, warnings, { ...ARCHIVE_LIMITS, ...ctx.limits })
    : await readJsonLog(src, warnings);
  ctx.onProgress?.(src.size, src.size);
  if (samples.length === 0)
    throw new ImportError(
      file,
      'this inspect_ai log holds no samples (it was written header-only or before any sample finished)',
    );

  const info = evalInfo(header);
  const transcripts: Transcript[] = [];
  let empty = 0;
  for (const { entry, read } of samples) {
    checkAbort(ctx);
    // One sample is inflated and parsed at a time; only its transcript is kept.
    const sample = read();
    if (sample === undefined) continue;
    if (!isObj(sample)) {
      warnings.push({ file, reason: `${entry} is not an object; skipped` });
      continue;
    }
    const t = sampleTranscript(sample, info, file, warnings);
    if (t) transcripts.push(t);
    else empty++;
  }
  if (empty > 0)
    warnings.push({ file, reason: `skipped ${empty} of ${samples.length} samples with no assistant message` });
  if (transcripts.length === 0)
    throw new ImportError(file, `none of its ${samples.length} samples has an assistant message`);
  return { format: INSPECT_FORMAT, transcripts, warnings };
}

export const inspectAiImporter: Importer = {
  id: INSPECT_FORMAT,
  label: 'inspect_ai log',
  matchesName: (name) => /\.eval$/i.test(name),
  sniff(head) {
    if (head.startsWith(ZIP_MAGIC)) {
      // Local file names are plain ASCII in the head; header.json itself sits near the end, so
      // the first entry (_journal/start.json or start.json) is what a large archive shows.
      return /header\.json|_journal\/start\.json|samples\/[^/]+_epoch_\d+(\.json|\/)/.test(head) ||
        head.slice(30, 40) === 'start.json'
        ? null
        : 'a zip archive without header.json or samples/ entries';
    }
    const start = head.trimStart().slice(0, SNIFF_CHARS);
    if (!start.startsWith('{')) return 'not a JSON object';
    return /"eval"\s*:\s*\{/.test(start) && /"(version|samples)"\s*:/.test(start)
      ? null
      : 'no top-level "eval" and "version"/"samples" keys near the start';
  },
  parse: parseInspectAi,
};
