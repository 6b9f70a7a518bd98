/**
 * `loopscope judge FILE... --base-url URL --model M [--double-check-model M2]`: asks an
 * OpenAI-compatible endpoint the LLM check's questions on each transcript's schedule and writes
 * the transcripts back as Loopscope JSONL with the answers as `judge` lines, so `detect --preset
 * llm-check` replays them offline. Answers are kept in a JSON file cache: a rerun asks nothing.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { EngineConfig } from '../../engine/config';
import type { StoredAnswer, JudgeAnswerStore } from '../../engine/judge/cache-key';
import type { FetchLike } from '../../engine/judge/client';
import { runJudge, type JudgeRunResult } from '../../engine/judge/run';
import { judgedTranscript, judgeParamsOf } from '../../engine/judge/run-config';
import { writeLoopscopeJsonl } from '../../import/write-loopscope-jsonl';
import type { Transcript } from '../../model/transcript';
import { UsageError, type LoadedFile, type Out } from '../io';

export const JUDGE_KEY_ENV = 'LOOPSCOPE_JUDGE_API_KEY';

export function defaultCachePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'loopscope', 'judge-cache.json');
}

/** The CLI's answer store: one JSON file, rewritten (write then rename) after each new answer. */
export async function fileStore(path: string): Promise<JudgeAnswerStore> {
  let all: Record<string, StoredAnswer> = {};
  try {
    const raw = JSON.parse(await readFile(path, 'utf8')) as {
      version?: number;
      answers?: Record<string, StoredAnswer>;
    };
    if (raw && raw.version === 1 && raw.answers && typeof raw.answers === 'object') all = raw.answers;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new UsageError(
        `${path}: not a judge cache (${(e as Error).message.split('\n')[0]}); delete it or pick another --cache`,
      );
  }
  return {
    async load(prefixes) {
      const out = new Map<string, StoredAnswer>();
      for (const [k, v] of Object.entries(all)) if (prefixes.some((p) => k.startsWith(p))) out.set(k, v);
      return out;
    },
    async put(key, value) {
      all[key] = value;
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify({ version: 1, answers: all }));
      await rename(tmp, path);
    },
  };
}

export interface JudgeArgs {
  baseUrl: string;
  model: string;
  doubleCheckModel: string;
  timeoutSeconds: number;
  allChecks: boolean;
  apiKey?: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function summary(file: string, t: Transcript, r: JudgeRunResult): string {
  const ends = {
    end: 'to the end',
    terminate: 'until the judge stopped the run',
    cancelled: 'cancelled',
    fatal: 'failed',
  };
  let s = `${file} — ${t.title}: ${plural(r.checks, 'check')} ${ends[r.end]}, ${plural(r.requests, 'request')}, ${plural(r.fromCache, 'answer')} from the cache`;
  if (r.usage.input) s += `, ${r.usage.input} input + ${r.usage.output} output tokens`;
  s += '\n';
  for (const f of r.failures) s += `  turn ${f.turn} ${f.model}: ${f.reason}\n`;
  return s;
}

/** Judges every transcript of one loaded file; the transcripts with their new judge lines. */
export async function judgeFile(
  loaded: LoadedFile,
  config: EngineConfig,
  args: JudgeArgs,
  store: JudgeAnswerStore,
  err: Out,
  fetchFn: FetchLike = fetch as unknown as FetchLike,
): Promise<Transcript[]> {
  const params = judgeParamsOf(config);
  const out: Transcript[] = [];
  for (const t of loaded.result.transcripts) {
    const r = await runJudge({
      transcript: judgedTranscript(config, t),
      params,
      endpoint: { baseUrl: args.baseUrl, apiKey: args.apiKey, timeoutMs: args.timeoutSeconds * 1000 },
      models: { flash: args.model, pro: args.doubleCheckModel },
      deps: { fetch: fetchFn },
      store,
      stopAtTerminate: !args.allChecks,
    });
    if (r.end === 'fatal') throw new UsageError(`${loaded.file}: ${r.message}`);
    if (t.judge.length) err.write(`${loaded.file}: ${t.judge.length} earlier judge lines replaced\n`);
    err.write(summary(loaded.file, t, r));
    out.push({ ...t, judge: r.records });
  }
  return out;
}

export function parseJudgeArgs(o: Record<string, string | boolean | undefined>): JudgeArgs {
  const baseUrl = o['base-url'];
  const model = o.model;
  if (typeof baseUrl !== 'string' || typeof model !== 'string')
    throw new UsageError('judge needs --base-url URL and --model NAME (try --help)');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url must be a URL such as http://127.0.0.1:11434/v1, got "${baseUrl.slice(0, 80)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be http or https, got "${url.protocol}"`);
  const timeout = o.timeout === undefined ? 120 : Number(o.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout must be a positive number of seconds, got "${String(o.timeout).slice(0, 80)}"`);
  return {
    baseUrl,
    model,
    doubleCheckModel: typeof o['double-check-model'] === 'string' ? o['double-check-model'] : '',
    timeoutSeconds: timeout,
    allChecks: o['all-checks'] === true,
    apiKey: process.env[JUDGE_KEY_ENV] || undefined,
  };
}

/** Where a judged file goes with --out DIR: its name with a .loop.jsonl extension. */
export function judgedPath(outDir: string, file: string): string {
  const name = basename(file.replace(/\/+$/, '')).replace(/(\.loop)?\.(jsonl|json|traj|eval|zst|gz)$/i, '');
  return join(outDir, `${name}.loop.jsonl`);
}

export async function writeJudged(transcripts: Transcript[], target: string | null, out: Out): Promise<void> {
  const text = writeLoopscopeJsonl(transcripts);
  if (target === null) out.write(text);
  else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}
