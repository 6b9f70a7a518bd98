import { describe, expect, it } from 'vitest';
import { resolveConfig, setParam, type EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { allSnippets, chatloopSnippet, cliSnippet, crustlySnippet, geminiCliSnippet, snippetNotes } from './snippets';

const chatloop = presetByName('chatloop')!;
const ids = (draft: EngineConfig) => allSnippets(draft, 'x', undefined, 'a.jsonl').map((s) => s.id);

describe('system config snippets', () => {
  it('ChatLoop: LoopDetectorConfig as ChatLoop writes its default', () => {
    expect(chatloopSnippet(resolveConfig(chatloop))).toBe(
      [
        'LoopDetectorConfig {',
        '    window_size: 10,',
        '    max_duplicates: 2,',
        '    min_pattern_length: 2,',
        '    max_pattern_length: 5,',
        '    min_pattern_repetitions: 2,',
        '    actions: vec![LoopAction::Warn, LoopAction::Warn, LoopAction::Terminate],',
        '}',
      ].join('\n'),
    );
  });

  it('ChatLoop: says what it cannot hold (two windows, block, name matching, a check switched off)', () => {
    let d = setParam(chatloop, 'detectors.exact-repeat.maxDuplicates', 1);
    d = setParam(d, 'detectors.pattern.windowSize', 12);
    d = setParam(d, 'detectors.pattern.match', 'name');
    d = setParam(d, 'detectors.exact-repeat.actions', ['block', 'terminate']);
    expect(chatloopSnippet(resolveConfig(d))).toBe(
      [
        "// ChatLoop shares one window; Loopscope's pattern window is 12",
        "// ChatLoop shares one action list; Loopscope's pattern actions are [warn, warn, terminate]",
        '// LoopAction has no Block: "block" is written as Warn',
        '// Loopscope matches patterns on the tool name only; ChatLoop compares name + arguments',
        'LoopDetectorConfig {',
        '    window_size: 10,',
        '    max_duplicates: 1,',
        '    min_pattern_length: 2,',
        '    max_pattern_length: 5,',
        '    min_pattern_repetitions: 2,',
        '    actions: vec![LoopAction::Warn, LoopAction::Terminate],',
        '}',
      ].join('\n'),
    );
    const noPattern = setParam(
      setParam(chatloop, 'detectors.pattern.enabled', false),
      'detectors.exact-repeat.maxDuplicates',
      4,
    );
    expect(chatloopSnippet(resolveConfig(noPattern))!.split('\n').slice(0, 3)).toEqual([
      "// pattern is off in this config; ChatLoop cannot switch it off: its pattern fields keep ChatLoop's defaults",
      'LoopDetectorConfig {',
      '    window_size: 10,',
    ]);
    expect(chatloopSnippet(resolveConfig(presetByName('recommended')!))).toBeNull();
  });

  it('crustly: crustly.toml from consecutive-repeat, only when it runs', () => {
    const d = setParam(presetByName('crustly')!, 'detectors.consecutive-repeat.explorationThreshold', 5);
    expect(crustlySnippet(resolveConfig(d))).toBe(
      [
        '# crustly.toml',
        '[agent.loop_detection]',
        'exploration_threshold = 5  # ls, glob, grep, read',
        'modification_threshold = 2  # write, edit, bash',
        'default_threshold = 3',
        'buffer_size = 15',
      ].join('\n'),
    );
    expect(crustlySnippet(resolveConfig(chatloop))).toBeNull();
  });

  it('Gemini CLI: the LoopDetectionService constants of the detectors that run', () => {
    expect(geminiCliSnippet(resolveConfig(presetByName('gemini-cli')!))).toBe(
      [
        '// packages/core/src/services/loopDetectionService.ts',
        'const TOOL_CALL_LOOP_THRESHOLD = 5;',
        'const CONTENT_LOOP_THRESHOLD = 10;',
        'const CONTENT_CHUNK_SIZE = 50;',
        'const MAX_HISTORY_LENGTH = 5000;',
        'const LLM_LOOP_CHECK_HISTORY_COUNT = 20;',
        'const LLM_CHECK_AFTER_TURNS = 30;',
        'const DEFAULT_LLM_CHECK_INTERVAL = 10;',
        'const MIN_LLM_CHECK_INTERVAL = 5;',
        'const MAX_LLM_CHECK_INTERVAL = 15;',
        'const LLM_CONFIDENCE_THRESHOLD = 0.9;',
      ].join('\n'),
    );
    // cycle-escalation tuned: the tool call loop only, with what Gemini CLI cannot say.
    const tuned = setParam(presetByName('cycle-escalation')!, 'detectors.cycle.minRepetitions', 7);
    expect(geminiCliSnippet(resolveConfig(tuned))).toBe(
      [
        '// packages/core/src/services/loopDetectionService.ts',
        '// Gemini CLI looks for cycles of 1 to 5 calls, results not compared; this config: cycles of up to 3 calls',
        'const TOOL_CALL_LOOP_THRESHOLD = 7;',
      ].join('\n'),
    );
  });

  it('makes no snippet for a detector that is off, never says "these are the defaults", never uses the word "seed"', () => {
    const recommended = presetByName('recommended')!;
    expect(ids(recommended)).toEqual(['cli']);
    expect(snippetNotes(recommended, allSnippets(recommended, 'recommended', recommended, 'a.jsonl'))).toEqual({
      uncovered: ['no-progress'],
      openhands: false,
    });
    expect(ids(presetByName('crustly')!)).toEqual(['crustly', 'cli']);
    // The openhands preset is the exact StuckDetector port: nothing to paste, a note says so.
    expect(ids(presetByName('openhands')!)).toEqual(['cli']);
    const openhands = presetByName('openhands')!;
    expect(snippetNotes(openhands, allSnippets(openhands, 'openhands', openhands, 'a.jsonl'))).toEqual({
      uncovered: ['openhands-stuck'],
      openhands: true,
    });
    for (const name of ['chatloop', 'crustly', 'gemini-cli', 'doom-loop', 'llm-check', 'openhands']) {
      const text = allSnippets(presetByName(name)!, name, undefined, 'a.jsonl')
        .map((s) => `${s.title}\n${s.text}`)
        .join('\n');
      expect(text).not.toMatch(/defaults\b.*:|these are the defaults|seed/i);
    }
  });

  it('CLI: --preset when the draft is its preset, --config otherwise; the file name quoted for the shell', () => {
    expect(cliSnippet("Bob's run.jsonl", chatloop, 'chatloop', chatloop)).toBe(
      [
        "npx loopscope detect 'Bob'\\''s run.jsonl' --preset chatloop",
        "npx loopscope eval 'Bob'\\''s run.jsonl' --preset chatloop",
      ].join('\n'),
    );
    const tuned = setParam(chatloop, 'detectors.exact-repeat.windowSize', 20);
    expect(cliSnippet('run.jsonl', tuned, 'chatloop', chatloop)).toBe(
      [
        '# save loopscope-config.json with "Download config" first',
        'npx loopscope detect run.jsonl --config loopscope-config.json',
        'npx loopscope eval run.jsonl --config loopscope-config.json',
      ].join('\n'),
    );
  });
});
