/**
 * The engine section of `npm run bench`: a generated run of N calls (default 1,000,000) as
 * Loopscope JSONL lines; JSON.parse of those lines is the baseline, measured in the same process;
 * then every preset (and every detector at once) replays the imported transcript. Target: each
 * replay within 3x of the parse time.
 */
import { resolveConfig, type EngineConfig } from '../src/engine/config';
import { DETECTOR_DEFS } from '../src/engine/detectors/registry';
import { PRESETS } from '../src/engine/presets/index';
import { replay } from '../src/engine/replay';
import { parseLoopscopeJsonl } from '../src/import/loopscope-jsonl';
import type { ImportSource } from '../src/import/types';
import type { Transcript } from '../src/model/transcript';
import { generateRun } from './generate';

export interface EngineBenchOptions {
  calls?: number;
  /** Only these presets (default: all, plus every detector at once). */
  presets?: string[];
  log?: (line: string) => void;
}

export interface PresetResult {
  ms: number;
  callsPerSec: number;
  ratioToParse: number;
  events: number;
  /** Heap in use after the replay, after a full GC, with the transcript and the result alive. */
  heapMB: number;
  /** heapMB minus the heap before the replay: what the result (events, series) keeps. */
  retainedMB: number;
  /** ms / parseDiscardMs. */
  ratioToParseDiscard: number;
}

export interface EngineBenchResult {
  calls: number;
  turns: number;
  lines: number;
  bytes: number;
  /** JSON.parse of every line, keeping the values (what reading the file costs). The baseline. */
  parseMs: number;
  /** JSON.parse of every line, each value dropped at once (no old-space growth): a faster baseline. */
  parseDiscardMs: number;
  importMs: number;
  /** Heap with the transcript loaded, before any replay. */
  baseHeapMB: number;
  presets: Record<string, PresetResult>;
  target: number;
  /** Every preset (and all detectors at once) within `target` times parseMs. */
  allWithinTarget: boolean;
  /** The same against parseDiscardMs. */
  allWithinTargetOfParseDiscard: boolean;
}

const TARGET = 3;
export const ALL_DETECTORS = 'all-detectors';

/** Every detector on, with its defaults: the worst case a user can configure. */
export function allDetectorsConfig(): EngineConfig {
  const detectors: EngineConfig['detectors'] = {};
  for (const def of DETECTOR_DEFS) detectors[def.id] = { enabled: true };
  return { name: ALL_DETECTORS, detectors };
}

const gc = (globalThis as { gc?: () => void }).gc;
function heapMB(): number {
  gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e5) / 10;
}

function sourceOfLines(lines: string[]): ImportSource {
  const unsupported = () => Promise.reject(new Error('lines only'));
  return {
    name: 'bench.loop.jsonl',
    size: 0,
    head: () => Promise.resolve(lines.slice(0, 5).join('\n')),
    text: unsupported,
    bytes: unsupported,
    async *lines() {
      yield* lines;
    },
  };
}

function parseDiscard(lines: string[]): number {
  const t0 = performance.now();
  let n = 0;
  for (let i = 0; i < lines.length; i++) if (JSON.parse(lines[i]) !== null) n++;
  const ms = performance.now() - t0;
  if (n < 0) throw new Error('unreachable');
  return ms;
}

function parseAll(lines: string[]): number {
  const t0 = performance.now();
  const out = new Array<unknown>(lines.length);
  for (let i = 0; i < lines.length; i++) out[i] = JSON.parse(lines[i]);
  const ms = performance.now() - t0;
  if (out.length !== lines.length) throw new Error('unreachable');
  return ms;
}

async function importLines(lines: string[]): Promise<Transcript> {
  const r = await parseLoopscopeJsonl(sourceOfLines(lines));
  if (r.warnings.length) throw new Error(`generated lines did not import cleanly: ${r.warnings[0].reason}`);
  return r.transcripts[0];
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** One replay: its time, and the heap it leaves behind (the result is dropped when this returns). */
function measure(
  t: Transcript,
  config: EngineConfig,
  calls: number,
): Omit<PresetResult, 'ratioToParse' | 'ratioToParseDiscard'> {
  const resolved = resolveConfig(config);
  const before = heapMB();
  const t0 = performance.now();
  const result = replay(t, resolved);
  const ms = performance.now() - t0;
  const after = heapMB();
  return {
    ms: round(ms),
    callsPerSec: Math.round((calls / ms) * 1000),
    events: result.events.length,
    heapMB: after,
    retainedMB: round(after - before),
  };
}

/** The run's lines, the two parse baselines, then the transcript; the lines are dropped on return. */
async function prepare(n: number, log: (s: string) => void) {
  log(`engine: generating ${n} calls`);
  const gen = generateRun(n);
  log(`engine: ${gen.lines.length} lines, ${round(gen.bytes / 1e6)} MB`);
  gc?.();
  const parseMs = parseAll(gen.lines);
  gc?.();
  const parseDiscardMs = parseDiscard(gen.lines);
  log(`engine: JSON.parse ${round(parseMs)} ms (values kept), ${round(parseDiscardMs)} ms (values dropped)`);
  gc?.();
  const i0 = performance.now();
  const transcript = await importLines(gen.lines);
  const importMs = performance.now() - i0;
  return {
    transcript,
    calls: gen.calls,
    bytes: gen.bytes,
    lineCount: gen.lines.length,
    parseMs,
    parseDiscardMs,
    importMs,
  };
}

export async function benchEngine(opts: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const log = opts.log ?? ((s: string) => process.stderr.write(s + '\n'));
  const n = opts.calls ?? 1_000_000;
  if (!gc) log('engine: run node with --expose-gc for heap figures after a full GC');
  const configs = [...PRESETS, allDetectorsConfig()].filter((p) => !opts.presets || opts.presets.includes(p.name!));

  // Warm-up on a small run, so neither side pays for the JIT inside the measurement.
  {
    const small = generateRun(Math.min(20_000, n), 7);
    parseAll(small.lines);
    parseDiscard(small.lines);
    const t = await importLines(small.lines);
    for (const c of configs) replay(t, c);
  }

  const { transcript, calls, bytes, lineCount, parseMs, parseDiscardMs, importMs } = await prepare(n, log);
  const baseHeapMB = heapMB();
  log(`engine: imported ${transcript.turns.length} turns in ${round(importMs)} ms; heap ${baseHeapMB} MB`);

  const presets: Record<string, PresetResult> = {};
  for (const c of configs) {
    const r = measure(transcript, c, calls);
    presets[c.name!] = {
      ...r,
      ratioToParse: round(r.ms / parseMs, 2),
      ratioToParseDiscard: round(r.ms / parseDiscardMs, 2),
    };
    log(
      `engine: ${c.name} ${r.ms} ms (${presets[c.name!].ratioToParse}x parse, ${presets[c.name!].ratioToParseDiscard}x parse-and-drop), ${r.events} events, ${r.retainedMB} MB kept`,
    );
  }
  return {
    calls,
    turns: transcript.turns.length,
    lines: lineCount,
    bytes,
    parseMs: round(parseMs),
    parseDiscardMs: round(parseDiscardMs),
    importMs: round(importMs),
    baseHeapMB,
    presets,
    target: TARGET,
    allWithinTarget: Object.values(presets).every((p) => p.ratioToParse <= TARGET),
    allWithinTargetOfParseDiscard: Object.values(presets).every((p) => p.ratioToParseDiscard <= TARGET),
  };
}
