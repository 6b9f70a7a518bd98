/**
 * The engine section of `npm run bench`: a generated run of N calls (default 1,000,000) as
 * Loopscope JSONL lines; JSON.parse of those lines is the baseline, measured in the same process;
 * then every preset (and every detector at once) replays the imported transcript. Targets
 * `recommended` within 1x of the parse that drops its values, every preset
 * within 3x.
 *
 * On a shared machine one timing says little, so the baselines and the replays are measured in
 * rounds (`rounds`, default 3), interleaved — each round parses, then replays every config — and
 * each figure is its best round: a busy spell slows one round of each, not one side only. A full
 * GC runs before each timing, outside it, so no measurement pays for the previous one's garbage.
 * CPU time is reported beside wall time: when other processes share the cores, wall time counts
 * the waits, and the parse (memory-bound) and a replay do not suffer alike.
 */
import { resolveConfig, type EngineConfig, type ResolvedConfig } from '../src/engine/config';
import { DETECTOR_DEFS } from '../src/engine/detectors/registry';
import { PRESETS } from '../src/engine/presets/index';
import { replay } from '../src/engine/replay';
import { parseLoopscopeJsonl } from '../src/import/loopscope-jsonl';
import { linesSource } from './lines-source';
import type { Transcript } from '../src/model/transcript';
import { generateRun } from './generate';

export interface EngineBenchOptions {
  calls?: number;
  /** Only these presets (default: all, plus every detector at once). */
  presets?: string[];
  /** Interleaved rounds of baselines and replays; each figure is its best round (default 3). */
  rounds?: number;
  log?: (line: string) => void;
}

export interface PresetResult {
  /** The best round. */
  ms: number;
  /** Every round, in order: how much the machine moved the figure. */
  roundsMs: number[];
  callsPerSec: number;
  ratioToParse: number;
  events: number;
  /** Heap in use after the replay, after a full GC, with the transcript and the result alive (first round). */
  heapMB: number;
  /** heapMB minus the heap before the replay: what the result (events, series) keeps. */
  retainedMB: number;
  /** ms / parseDiscardMs. */
  ratioToParseDiscard: number;
  /** CPU time of the best round (this process, GC threads included): steadier than wall time on a busy machine. */
  cpuMs: number;
  /** cpuMs / parseDiscardCpuMs. */
  cpuRatioToParseDiscard: number;
}

export interface EngineBenchResult {
  calls: number;
  turns: number;
  lines: number;
  bytes: number;
  rounds: number;
  /** JSON.parse of every line, keeping the values (what reading the file costs); best round. */
  parseMs: number;
  parseRoundsMs: number[];
  /** JSON.parse of every line, each value dropped at once (no old-space growth): the faster baseline; best round. */
  parseDiscardMs: number;
  parseDiscardRoundsMs: number[];
  /** CPU time of the parse that drops its values, best round. */
  parseDiscardCpuMs: number;
  importMs: number;
  /** Heap with the transcript (and the lines, parsed again each round) loaded, before any replay. */
  baseHeapMB: number;
  /** What the imported transcript adds to the heap. */
  transcriptHeapMB: number;
  presets: Record<string, PresetResult>;
  target: number;
  /** Every preset (and all detectors at once) within `target` times parseMs. */
  allWithinTarget: boolean;
  /** The same against parseDiscardMs. */
  allWithinTargetOfParseDiscard: boolean;
  /** Every preset (not all-detectors) within `target` times parseDiscardMs. */
  presetsWithinTargetOfParseDiscard: boolean;
  /** `recommended` within 1x parseDiscardMs; absent when it was not run. */
  recommendedWithinParseDiscard?: boolean;
  /** The same in CPU time. */
  recommendedCpuWithinParseDiscard?: boolean;
}

const TARGET = 3;
const ROUNDS = 3;
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

function parseDiscard(lines: string[]): Timed {
  gc?.();
  const t = startTimer();
  let n = 0;
  for (let i = 0; i < lines.length; i++) if (JSON.parse(lines[i]) !== null) n++;
  const timed = stopTimer(t);
  if (n < 0) throw new Error('unreachable');
  return timed;
}

function parseAll(lines: string[]): Timed {
  gc?.();
  const t = startTimer();
  const out = new Array<unknown>(lines.length);
  for (let i = 0; i < lines.length; i++) out[i] = JSON.parse(lines[i]);
  const timed = stopTimer(t);
  if (out.length !== lines.length) throw new Error('unreachable');
  return timed;
}

async function importLines(lines: string[]): Promise<Transcript> {
  const r = await parseLoopscopeJsonl(linesSource('bench.loop.jsonl', lines));
  if (r.warnings.length) throw new Error(`generated lines did not import cleanly: ${r.warnings[0].reason}`);
  return r.transcripts[0];
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** Wall time and CPU time (this process, GC threads included) since `start`. */
interface Timed {
  ms: number;
  cpuMs: number;
}
function startTimer() {
  return { t0: performance.now(), c0: process.cpuUsage() };
}
function stopTimer(t: ReturnType<typeof startTimer>): Timed {
  const ms = performance.now() - t.t0;
  const c = process.cpuUsage(t.c0);
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}

/** One replay: its time, and (when `heap`) the heap it leaves behind (the result is dropped on return). */
function measure(t: Transcript, config: ResolvedConfig, heap: boolean) {
  const before = heap ? heapMB() : 0;
  gc?.();
  const timer = startTimer();
  const result = replay(t, config);
  const { ms, cpuMs } = stopTimer(timer);
  const after = heap ? heapMB() : 0;
  return { ms, cpuMs, events: result.events.length, heapMB: after, retainedMB: round(after - before) };
}

export async function benchEngine(opts: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const log = opts.log ?? ((s: string) => process.stderr.write(s + '\n'));
  const n = opts.calls ?? 1_000_000;
  const rounds = opts.rounds ?? ROUNDS;
  if (!gc) log('engine: run node with --expose-gc for heap figures after a full GC');
  const configs = [...PRESETS, allDetectorsConfig()].filter((p) => !opts.presets || opts.presets.includes(p.name!));
  const resolved = configs.map((c) => ({ name: c.name!, config: resolveConfig(c) }));

  // Warm-up on a small run, so neither side pays for the JIT inside the measurement.
  {
    const small = generateRun(Math.min(20_000, n), 7);
    parseAll(small.lines);
    parseDiscard(small.lines);
    const t = await importLines(small.lines);
    for (const c of resolved) replay(t, c.config);
  }

  log(`engine: generating ${n} calls`);
  const gen = generateRun(n);
  log(`engine: ${gen.lines.length} lines, ${round(gen.bytes / 1e6)} MB`);
  // The lines stay alive: every round parses the same lines again.
  const linesHeapMB = heapMB();
  const i0 = performance.now();
  const transcript = await importLines(gen.lines);
  const importMs = performance.now() - i0;
  const baseHeapMB = heapMB();
  const transcriptHeapMB = round(baseHeapMB - linesHeapMB);
  log(
    `engine: imported ${transcript.turns.length} turns in ${round(importMs)} ms; heap ${baseHeapMB} MB (transcript ${transcriptHeapMB} MB)`,
  );

  const parse: Timed[] = [];
  const discard: Timed[] = [];
  const runs = new Map<string, { rounds: Timed[]; events: number; heapMB: number; retainedMB: number }>();
  for (let r = 0; r < rounds; r++) {
    discard.push(parseDiscard(gen.lines));
    parse.push(parseAll(gen.lines));
    log(
      `engine: round ${r + 1}/${rounds}: JSON.parse ${round(parse[r].ms)} ms (values kept), ${round(discard[r].ms)} ms (values dropped; CPU ${round(discard[r].cpuMs)} ms)`,
    );
    for (const { name, config } of resolved) {
      const m = measure(transcript, config, r === 0);
      const run = runs.get(name);
      if (run) run.rounds.push(m);
      else runs.set(name, { rounds: [m], events: m.events, heapMB: m.heapMB, retainedMB: m.retainedMB });
      log(`engine: round ${r + 1}/${rounds}: ${name} ${round(m.ms)} ms (CPU ${round(m.cpuMs)} ms), ${m.events} events`);
    }
  }

  const best = (xs: Timed[], k: keyof Timed) => Math.min(...xs.map((x) => x[k]));
  const parseMs = best(parse, 'ms');
  const parseDiscardMs = best(discard, 'ms');
  const parseDiscardCpuMs = best(discard, 'cpuMs');
  const presets: Record<string, PresetResult> = {};
  for (const [name, run] of runs) {
    const ms = best(run.rounds, 'ms');
    const cpuMs = best(run.rounds, 'cpuMs');
    presets[name] = {
      ms: round(ms),
      roundsMs: run.rounds.map((x) => round(x.ms)),
      cpuMs: round(cpuMs),
      callsPerSec: Math.round((gen.calls / ms) * 1000),
      ratioToParse: round(ms / parseMs, 2),
      events: run.events,
      heapMB: run.heapMB,
      retainedMB: run.retainedMB,
      ratioToParseDiscard: round(ms / parseDiscardMs, 2),
      cpuRatioToParseDiscard: round(cpuMs / parseDiscardCpuMs, 2),
    };
    log(
      `engine: ${name} best ${round(ms)} ms (${presets[name].ratioToParse}x parse, ${presets[name].ratioToParseDiscard}x parse-and-drop; CPU ${presets[name].cpuRatioToParseDiscard}x), ${run.events} events, ${run.retainedMB} MB kept`,
    );
  }
  const presetOnly = Object.entries(presets).filter(([name]) => name !== ALL_DETECTORS);
  return {
    calls: gen.calls,
    turns: transcript.turns.length,
    lines: gen.lines.length,
    bytes: gen.bytes,
    rounds,
    parseMs: round(parseMs),
    parseRoundsMs: parse.map((x) => round(x.ms)),
    parseDiscardMs: round(parseDiscardMs),
    parseDiscardRoundsMs: discard.map((x) => round(x.ms)),
    parseDiscardCpuMs: round(parseDiscardCpuMs),
    importMs: round(importMs),
    baseHeapMB,
    transcriptHeapMB,
    presets,
    target: TARGET,
    allWithinTarget: Object.values(presets).every((p) => p.ratioToParse <= TARGET),
    allWithinTargetOfParseDiscard: Object.values(presets).every((p) => p.ratioToParseDiscard <= TARGET),
    presetsWithinTargetOfParseDiscard: presetOnly.every(([, p]) => p.ratioToParseDiscard <= TARGET),
    ...(presets.recommended && {
      recommendedWithinParseDiscard: presets.recommended.ratioToParseDiscard <= 1,
      recommendedCpuWithinParseDiscard: presets.recommended.cpuRatioToParseDiscard <= 1,
    }),
  };
}
