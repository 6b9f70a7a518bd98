/**
 * The draft written in the syntax of the systems the presets come from (ChatLoop, crustly, Gemini
 * CLI), so a tuned value can be pasted where the detector really runs. A snippet is made only
 * when the config runs a detector that system has a setting for, and carries only those
 * settings; what the system cannot express is said in a comment, never silently dropped.
 * OpenHands' StuckDetector has no settings (its thresholds are fixed in the code): a note says so.
 */
import { resolveConfig, type EngineConfig, type ResolvedConfig } from '../../engine/config';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';
import type { Action, DetectorId } from '../../engine/types';
import { numberLiteral } from '../../export/escape/number';
import { shellWord } from '../../export/escape/shell';
import { tomlStringBody } from '../../export/escape/toml';
import { changedParams } from './config-summary';

export interface Snippet {
  id: 'chatloop' | 'crustly' | 'gemini-cli' | 'cli';
  title: string;
  /** Where it goes, in the system's words. */
  where: string;
  lang: 'rust' | 'toml' | 'typescript' | 'shell';
  /** The detectors whose parameters it carries (none: the CLI, which carries them all). */
  from: DetectorId[];
  text: string;
}

type Settings = Record<string, unknown>;

/** A setting as a number literal of the snippet's language (every target reads JavaScript's form). */
function num(s: Settings, key: string): string {
  return numberLiteral(value(s, key));
}

function value(s: Settings, key: string): number {
  return s[key] as number;
}

function on(r: ResolvedConfig, id: DetectorId): Settings | null {
  const d = r.detectors[id];
  return d?.enabled ? (d as Settings) : null;
}

const RUST_ACTION: Record<Action, string> = {
  warn: 'LoopAction::Warn',
  block: 'LoopAction::Warn',
  terminate: 'LoopAction::Terminate',
};

/** ChatLoop's own `LoopDetectorConfig::default()` (the ChatLoop design), for a check this config leaves off. */
const CHATLOOP_DEFAULTS = {
  windowSize: 10,
  maxDuplicates: 2,
  minPatternLength: 2,
  maxPatternLength: 5,
  minPatternRepetitions: 2,
};

/** ChatLoop: `LoopDetectorConfig` from exact-repeat (window, duplicates, actions) and pattern. */
export function chatloopSnippet(r: ResolvedConfig): string | null {
  const ex = on(r, 'exact-repeat');
  const pt = on(r, 'pattern');
  if (!ex && !pt) return null;
  const notes: string[] = [];
  const off = !ex ? 'exact-repeat' : !pt ? 'pattern' : null;
  if (off)
    notes.push(
      `// ${off} is off in this config; ChatLoop cannot switch it off: its ${off === 'pattern' ? 'pattern' : 'duplicate'} fields keep ChatLoop's defaults`,
    );
  if (ex && pt && value(pt, 'windowSize') !== value(ex, 'windowSize'))
    notes.push(`// ChatLoop shares one window; Loopscope's pattern window is ${num(pt, 'windowSize')}`);
  if (ex && pt && JSON.stringify(pt.actions) !== JSON.stringify(ex.actions))
    notes.push(
      `// ChatLoop shares one action list; Loopscope's pattern actions are [${(pt.actions as Action[]).join(', ')}]`,
    );
  const actions = (ex ?? pt)!.actions as Action[];
  if (actions.includes('block')) notes.push('// LoopAction has no Block: "block" is written as Warn');
  if (pt?.match === 'name')
    notes.push('// Loopscope matches patterns on the tool name only; ChatLoop compares name + arguments');
  const d = CHATLOOP_DEFAULTS;
  return [
    ...notes,
    'LoopDetectorConfig {',
    `    window_size: ${ex ? num(ex, 'windowSize') : num(pt!, 'windowSize')},`,
    `    max_duplicates: ${ex ? num(ex, 'maxDuplicates') : d.maxDuplicates},`,
    `    min_pattern_length: ${pt ? num(pt, 'minPatternLength') : d.minPatternLength},`,
    `    max_pattern_length: ${pt ? num(pt, 'maxPatternLength') : d.maxPatternLength},`,
    `    min_pattern_repetitions: ${pt ? num(pt, 'minPatternRepetitions') : d.minPatternRepetitions},`,
    `    actions: vec![${actions.map((a) => RUST_ACTION[a]).join(', ')}],`,
    '}',
  ].join('\n');
}

/** crustly: the `[agent.loop_detection]` table of `crustly.toml`, from consecutive-repeat. */
export function crustlySnippet(r: ResolvedConfig): string | null {
  const c = on(r, 'consecutive-repeat');
  if (!c) return null;
  // Tool names are user text: escaped, a name cannot end the comment's line and add keys.
  const tools = (k: string) => (c[k] as string[]).map(tomlStringBody).join(', ') || 'none';
  return [
    '# crustly.toml',
    ...(c.action === 'block'
      ? []
      : [`# crustly blocks the repeated call; this config's action is ${String(c.action)}`]),
    '[agent.loop_detection]',
    `exploration_threshold = ${num(c, 'explorationThreshold')}  # ${tools('explorationTools')}`,
    `modification_threshold = ${num(c, 'modificationThreshold')}  # ${tools('modificationTools')}`,
    `default_threshold = ${num(c, 'defaultThreshold')}`,
    `buffer_size = ${num(c, 'bufferSize')}`,
  ].join('\n');
}

/**
 * Gemini CLI: the constants of its LoopDetectionService, from cycle (the tool call loop),
 * content-chanting and llm-judge — only those of the detectors this config runs.
 */
export function geminiCliSnippet(r: ResolvedConfig): string | null {
  const cy = on(r, 'cycle');
  const ch = on(r, 'content-chanting');
  const j = on(r, 'llm-judge');
  if (!cy && !ch && !j) return null;
  const out = ['// packages/core/src/services/loopDetectionService.ts'];
  if (cy) {
    // Gemini CLI since acae712 (#28429): cycles of 1 to 5 calls, results not compared.
    if (value(cy, 'maxPeriod') !== 5 || cy.compareResults)
      out.push(
        `// Gemini CLI looks for cycles of 1 to 5 calls, results not compared; this config: cycles of up to ${num(cy, 'maxPeriod')} calls${cy.compareResults ? ' with their results compared' : ''}`,
      );
    out.push(`const TOOL_CALL_LOOP_THRESHOLD = ${num(cy, 'minRepetitions')};`);
  }
  if (ch) {
    out.push(`const CONTENT_LOOP_THRESHOLD = ${num(ch, 'threshold')};`);
    out.push(`const CONTENT_CHUNK_SIZE = ${num(ch, 'chunkSize')};`);
    out.push(`const MAX_HISTORY_LENGTH = ${num(ch, 'maxHistory')};`);
    if (value(ch, 'maxDistanceChunks') !== 5)
      out.push(
        `// fixed in Gemini CLI: an average distance of at most 5 chunks (CONTENT_CHUNK_SIZE * 5); this config: ${num(ch, 'maxDistanceChunks')}`,
      );
  }
  if (j) {
    out.push(`const LLM_LOOP_CHECK_HISTORY_COUNT = ${num(j, 'historyCount')};`);
    out.push(`const LLM_CHECK_AFTER_TURNS = ${num(j, 'checkAfterTurns')};`);
    out.push(`const DEFAULT_LLM_CHECK_INTERVAL = ${num(j, 'initialInterval')};`);
    out.push(`const MIN_LLM_CHECK_INTERVAL = ${num(j, 'minInterval')};`);
    out.push(`const MAX_LLM_CHECK_INTERVAL = ${num(j, 'maxInterval')};`);
    out.push(`const LLM_CONFIDENCE_THRESHOLD = ${num(j, 'threshold')};`);
  }
  return out.join('\n');
}

/** Detectors whose settings OpenHands would need: its StuckDetector has none to paste. */
const OPENHANDS_DETECTORS: DetectorId[] = ['openhands-stuck'];

export interface SnippetNotes {
  /** Enabled detectors no system snippet carries (the exported modules do). */
  uncovered: DetectorId[];
  /** Set when the config runs a detector of the OpenHands preset. */
  openhands: boolean;
}

/** The Loopscope CLI on the same transcript: `--preset` when the draft is its preset unchanged. */
export function cliSnippet(
  fileName: string,
  draft: EngineConfig,
  presetName: string,
  preset: EngineConfig | undefined,
): string {
  const unchanged = preset !== undefined && changedParams(draft, preset).length === 0;
  const file = shellWord(fileName);
  const choice = unchanged ? `--preset ${shellWord(presetName)}` : '--config loopscope-config.json';
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
  const systems: (Omit<Snippet, 'text'> & { text: string | null })[] = [
    {
      id: 'chatloop',
      title: 'ChatLoop · Rust LoopDetectorConfig',
      where: 'ChatLoopConfig.loop_detection',
      lang: 'rust',
      from: ['exact-repeat', 'pattern'],
      text: chatloopSnippet(r),
    },
    {
      id: 'crustly',
      title: 'crustly · crustly.toml',
      where: '[agent.loop_detection]',
      lang: 'toml',
      from: ['consecutive-repeat'],
      text: crustlySnippet(r),
    },
    {
      id: 'gemini-cli',
      title: 'Gemini CLI · LoopDetectionService constants',
      where: 'packages/core/src/services/loopDetectionService.ts',
      lang: 'typescript',
      from: ['cycle', 'content-chanting', 'llm-judge'],
      text: geminiCliSnippet(r),
    },
  ];
  return [
    ...systems.filter((s): s is Snippet => s.text !== null),
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

/** What the snippets leave out: enabled detectors no system has a setting for; OpenHands' case. */
export function snippetNotes(draft: EngineConfig, snippets: Snippet[]): SnippetNotes {
  const r = resolveConfig(draft);
  const enabled = DETECTOR_DEFS.filter((d) => r.detectors[d.id].enabled).map((d) => d.id);
  const covered = new Set(snippets.flatMap((s) => s.from));
  return {
    uncovered: enabled.filter((id) => !covered.has(id)),
    openhands: enabled.some((id) => OPENHANDS_DETECTORS.includes(id)),
  };
}
