/**
 * The draft written in the seed systems' own config syntax, so a tuned value can be pasted where
 * the detector really runs. Values come from the resolved config (defaults filled in); what the
 * seed cannot express is said in a comment, never silently dropped.
 */
import { resolveConfig, type EngineConfig, type ResolvedConfig } from '../../engine/config';
import type { Action, DetectorId } from '../../engine/types';
import { changedParams } from './config-summary';

export interface Snippet {
  id: 'seed-001' | 'seed-002' | 'seed-004' | 'seed-000' | 'cli';
  title: string;
  /** Where it goes, in the seed's words. */
  where: string;
  lang: 'rust' | 'toml' | 'typescript' | 'shell';
  /** The detectors whose parameters it carries (none: the CLI, which carries them all). */
  from: DetectorId[];
  text: string;
}

type Settings = Record<string, unknown>;

function num(s: Settings, key: string): number {
  return s[key] as number;
}

const RUST_ACTION: Record<Action, string> = {
  warn: 'LoopAction::Warn',
  block: 'LoopAction::Warn',
  terminate: 'LoopAction::Terminate',
};

function offNote(r: ResolvedConfig, ids: (keyof ResolvedConfig['detectors'])[], mark: string): string[] {
  const off = ids.filter((id) => !r.detectors[id].enabled);
  return off.length
    ? [`${mark} ${off.join(' and ')} ${off.length === 1 ? 'is' : 'are'} off in this config: these are the defaults`]
    : [];
}

/** Seed 001: `LoopDetectorConfig` from exact-repeat (window, duplicates, actions) and pattern. */
export function seed001Snippet(r: ResolvedConfig): string {
  const ex = r.detectors['exact-repeat'] as Settings;
  const pt = r.detectors.pattern as Settings;
  const actions = ex.actions as Action[];
  const notes = offNote(r, ['exact-repeat', 'pattern'], '//');
  if (num(pt, 'windowSize') !== num(ex, 'windowSize'))
    notes.push(`// the seed shares one window; Loopscope's pattern window is ${num(pt, 'windowSize')}`);
  if (JSON.stringify(pt.actions) !== JSON.stringify(actions))
    notes.push(
      `// the seed shares one action list; Loopscope's pattern actions are [${(pt.actions as Action[]).join(', ')}]`,
    );
  if (actions.includes('block')) notes.push('// LoopAction has no Block: "block" is written as Warn');
  if (pt.match === 'name')
    notes.push('// Loopscope matches patterns on the tool name only; the seed compares name + arguments');
  return [
    ...notes,
    'LoopDetectorConfig {',
    `    window_size: ${num(ex, 'windowSize')},`,
    `    max_duplicates: ${num(ex, 'maxDuplicates')},`,
    `    min_pattern_length: ${num(pt, 'minPatternLength')},`,
    `    max_pattern_length: ${num(pt, 'maxPatternLength')},`,
    `    min_pattern_repetitions: ${num(pt, 'minPatternRepetitions')},`,
    `    actions: vec![${actions.map((a) => RUST_ACTION[a]).join(', ')}],`,
    '}',
  ].join('\n');
}

/** Seed 002: the `[agent.loop_detection]` table of `crustly.toml`, from consecutive-repeat. */
export function seed002Snippet(r: ResolvedConfig): string {
  const c = r.detectors['consecutive-repeat'] as Settings;
  const tools = (k: string) => (c[k] as string[]).join(', ') || 'none';
  return [
    '# crustly.toml',
    ...offNote(r, ['consecutive-repeat'], '#'),
    '[agent.loop_detection]',
    `exploration_threshold = ${num(c, 'explorationThreshold')}  # ${tools('explorationTools')}`,
    `modification_threshold = ${num(c, 'modificationThreshold')}  # ${tools('modificationTools')}`,
    `default_threshold = ${num(c, 'defaultThreshold')}`,
    `buffer_size = ${num(c, 'bufferSize')}`,
  ].join('\n');
}

/** Seed 004: the LoopDetector's tuning thresholds, from doom-loop. */
export function seed004Snippet(r: ResolvedConfig): string {
  const d = r.detectors['doom-loop'] as Settings;
  return [
    '// src/integrations/budget/loop-detector.ts',
    ...offNote(r, ['doom-loop'], '//'),
    `// fixed in the seed: window ${num(d, 'windowSize')}, WARNING from ${num(d, 'warningAt')}, CRITICAL from ${num(d, 'criticalAt')}` +
      `, ${d.block ? 'rejects' : 'does not reject'} calls after CRITICAL`,
    "const thresholds: Pick<LoopDetectionState, 'threshold' | 'fuzzyThreshold'> = {",
    `  threshold: ${num(d, 'exactThreshold')}, // exact: same tool + identical arguments`,
    `  fuzzyThreshold: ${num(d, 'fuzzyThreshold')}, // fuzzy: primary keys only`,
    '};',
  ].join('\n');
}

function f64(v: number): string {
  return Number.isInteger(v) ? `${v}.0` : String(v);
}

/** Seed 000: the LLM loop check's Rust constants, from llm-judge. */
export function seed000Snippet(r: ResolvedConfig): string {
  const j = r.detectors['llm-judge'] as Settings;
  return [
    ...offNote(r, ['llm-judge'], '//'),
    `const LLM_CHECK_AFTER_TURNS: usize = ${num(j, 'checkAfterTurns')};`,
    `const DEFAULT_LLM_CHECK_INTERVAL: usize = ${num(j, 'initialInterval')};`,
    `const MIN_LLM_CHECK_INTERVAL: usize = ${num(j, 'minInterval')};`,
    `const MAX_LLM_CHECK_INTERVAL: usize = ${num(j, 'maxInterval')};`,
    `const LLM_CONFIDENCE_THRESHOLD: f64 = ${f64(num(j, 'threshold'))};`,
    `const LLM_LOOP_CHECK_HISTORY_COUNT: usize = ${num(j, 'historyCount')};`,
  ].join('\n');
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The Loopscope CLI on the same transcript: `--preset` when the draft is its preset unchanged. */
export function cliSnippet(
  fileName: string,
  draft: EngineConfig,
  presetName: string,
  preset: EngineConfig | undefined,
): string {
  const unchanged = preset !== undefined && changedParams(draft, preset).length === 0;
  const file = shellQuote(fileName);
  const choice = unchanged ? `--preset ${shellQuote(presetName)}` : '--config loopscope-config.json';
  return [
    ...(unchanged ? [] : ['# save loopscope-config.json with "Download config" first']),
    `npx loopscope detect ${file} ${choice}`,
    `npx loopscope eval ${file} ${choice}`,
  ].join('\n');
}

export function allSnippets(
  draft: EngineConfig,
  presetName: string,
  preset: EngineConfig | undefined,
  fileName: string,
): Snippet[] {
  const r = resolveConfig(draft);
  return [
    {
      id: 'seed-001',
      title: 'Seed 001 · Rust LoopDetectorConfig',
      where: 'ChatLoopConfig.loop_detection',
      lang: 'rust',
      from: ['exact-repeat', 'pattern'],
      text: seed001Snippet(r),
    },
    {
      id: 'seed-002',
      title: 'Seed 002 · Crustly crustly.toml',
      where: '[agent.loop_detection]',
      lang: 'toml',
      from: ['consecutive-repeat'],
      text: seed002Snippet(r),
    },
    {
      id: 'seed-004',
      title: 'Seed 004 · TypeScript LoopDetector',
      where: 'loop-detector.ts',
      lang: 'typescript',
      from: ['doom-loop'],
      text: seed004Snippet(r),
    },
    {
      id: 'seed-000',
      title: 'Seed 000 · Rust LLM loop check',
      where: 'the LLM loop check constants',
      lang: 'rust',
      from: ['llm-judge'],
      text: seed000Snippet(r),
    },
    {
      id: 'cli',
      title: 'Loopscope CLI',
      where: 'a shell, in a checkout of Loopscope',
      lang: 'shell',
      from: [],
      text: cliSnippet(fileName, draft, presetName, preset),
    },
  ];
}
