/**
 * `loopscope judge FILE... --base-url URL --model M [--double-check-model M2]`: asks an
 * OpenAI-compatible endpoint the LLM check's questions on each transcript's schedule and writes
 * the transcripts back as Loopscope JSONL with the answers as `judge` lines, so `detect --preset
 * llm-check` replays them offline. Answers are kept in a JSON file cache: a rerun asks nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { EngineConfig } from '../../engine/config';
import type { JudgeAnswerStore } from '../../engine/judge/cache-key';
import type { FetchLike } from '../../engine/judge/client';
import { describeSeconds } from '../../engine/judge/client';
import { runJudge, type JudgeRunResult } from '../../engine/judge/run';
import { judgedTranscript, judgeParamsOf } from '../../engine/judge/run-config';
import { writeLoopscopeJsonl } from '../../import/write-loopscope-jsonl';
import type { Transcript } from '../../model/transcript';
import { JUDGE_LIMITS } from '../../model/limits';
import { terminalLine } from '../../export/escape/terminal';
import { megabytesFlag, secondsFlag, UsageError, type LoadedFile, type Out } from '../io';

export const JUDGE_KEY_ENV = 'LOOPSCOPE_JUDGE_API_KEY';

export function defaultCachePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'loopscope', 'judge-cache.json');
}

export interface JudgeArgs {
  baseUrl: string;
  model: string;
  doubleCheckModel: string;
  timeoutSeconds: number;
  /** The longest wait a retry or a rate-limit header may ask for. */
  maxWaitSeconds: number;
  /** For the whole command: every file's run stops there. */
  deadlineSeconds: number;
  maxResponseBytes: number;
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
    limit: 'stopped at a limit',
  };
  let s = `${terminalLine(file)} — ${terminalLine(t.title)}: ${plural(r.checks, 'check')} ${ends[r.end]}, ${plural(r.requests, 'request')}, ${plural(r.fromCache, 'answer')} from the cache`;
  if (r.usage.input) s += `, ${r.usage.input} input + ${r.usage.output} output tokens`;
  if (r.waits.length) s += `, longest wait ${describeSeconds(Math.max(...r.waits))}`;
  s += '\n';
  // The model's name and the reason come from the endpoint: shown, never sent to the terminal raw.
  for (const f of r.failures) s += `  turn ${f.turn} ${terminalLine(f.model)}: ${terminalLine(f.reason)}\n`;
  return s;
}

/** Judges every transcript of one loaded file; the transcripts with their new judge lines. */
export async function judgeFile(
  loaded: LoadedFile,
  config: EngineConfig,
  args: JudgeArgs,
  store: JudgeAnswerStore,
  err: Out,
  /** When the command gives up (Date.now clock): shared by every file of one command. */
  deadlineAt: number,
  fetchFn: FetchLike = fetch as unknown as FetchLike,
): Promise<Transcript[]> {
  const params = judgeParamsOf(config);
  const out: Transcript[] = [];
  for (const t of loaded.result.transcripts) {
    const r = await runJudge({
      transcript: judgedTranscript(config, t),
      params,
      endpoint: {
        baseUrl: args.baseUrl,
        apiKey: args.apiKey,
        timeoutMs: args.timeoutSeconds * 1000,
        maxWaitMs: args.maxWaitSeconds * 1000,
        maxResponseBytes: args.maxResponseBytes,
      },
      models: { flash: args.model, pro: args.doubleCheckModel },
      deps: {
        fetch: fetchFn,
        onWait: (ms, why) =>
          err.write(`waiting ${describeSeconds(ms)}: ${terminalLine(why)} (Ctrl-C stops; answers so far are cached)\n`),
      },
      store,
      stopAtTerminate: !args.allChecks,
      deadlineAt,
    });
    if (r.end === 'fatal') throw new UsageError(`${loaded.file}: ${r.message}`);
    if (r.end === 'limit')
      throw new UsageError(
        `${loaded.file}: ${r.message} (` +
          (r.limit === 'deadline'
            ? `--deadline ${args.deadlineSeconds} s for the whole command)`
            : `--max-wait ${args.maxWaitSeconds} s)`),
      );
    if (t.judge.length) err.write(`${terminalLine(loaded.file)}: ${t.judge.length} earlier judge lines replaced\n`);
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
  return {
    baseUrl,
    model,
    doubleCheckModel: typeof o['double-check-model'] === 'string' ? o['double-check-model'] : '',
    timeoutSeconds: secondsFlag('timeout', o.timeout, JUDGE_LIMITS.timeout),
    maxWaitSeconds: secondsFlag('max-wait', o['max-wait'], JUDGE_LIMITS.maxWait),
    deadlineSeconds: secondsFlag('deadline', o.deadline, JUDGE_LIMITS.deadline),
    maxResponseBytes:
      megabytesFlag('max-response-mb', o['max-response-mb'] as string | undefined) ?? JUDGE_LIMITS.responseBytes,
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
