import { describe, expect, it } from 'vitest';
import { resolveConfig, setParam } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { allSnippets, cliSnippet, seed000Snippet, seed001Snippet, seed002Snippet, seed004Snippet } from './snippets';

const chatloop = presetByName('chatloop')!;

describe('seed config snippets', () => {
  it('seed 001: LoopDetectorConfig as the seed writes its default', () => {
    expect(seed001Snippet(resolveConfig(chatloop))).toBe(
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

  it('seed 001: says what the seed cannot hold (two windows, block, name matching)', () => {
    let d = setParam(chatloop, 'detectors.exact-repeat.maxDuplicates', 1);
    d = setParam(d, 'detectors.pattern.windowSize', 12);
    d = setParam(d, 'detectors.pattern.match', 'name');
    d = setParam(d, 'detectors.exact-repeat.actions', ['block', 'terminate']);
    expect(seed001Snippet(resolveConfig(d))).toBe(
      [
        "// the seed shares one window; Loopscope's pattern window is 12",
        "// the seed shares one action list; Loopscope's pattern actions are [warn, warn, terminate]",
        '// LoopAction has no Block: "block" is written as Warn',
        '// Loopscope matches patterns on the tool name only; the seed compares name + arguments',
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
  });

  it('seed 002: crustly.toml from consecutive-repeat', () => {
    const d = setParam(presetByName('crustly')!, 'detectors.consecutive-repeat.explorationThreshold', 5);
    expect(seed002Snippet(resolveConfig(d))).toBe(
      [
        '# crustly.toml',
        '[agent.loop_detection]',
        'exploration_threshold = 5  # ls, glob, grep, read',
        'modification_threshold = 2  # write, edit, bash',
        'default_threshold = 3',
        'buffer_size = 15',
      ].join('\n'),
    );
    // Off in the draft: the defaults, said so.
    expect(seed002Snippet(resolveConfig(chatloop)).split('\n').slice(0, 2)).toEqual([
      '# crustly.toml',
      '# consecutive-repeat is off in this config: these are the defaults',
    ]);
  });

  it('seed 004: threshold and fuzzyThreshold from doom-loop', () => {
    const d = setParam(presetByName('doom-loop')!, 'detectors.doom-loop.fuzzyThreshold', 5);
    expect(seed004Snippet(resolveConfig(d))).toBe(
      [
        '// src/integrations/budget/loop-detector.ts',
        '// fixed in the seed: window 10, WARNING from 4, CRITICAL from 6, rejects calls after CRITICAL',
        "const thresholds: Pick<LoopDetectionState, 'threshold' | 'fuzzyThreshold'> = {",
        '  threshold: 3, // exact: same tool + identical arguments',
        '  fuzzyThreshold: 5, // fuzzy: primary keys only',
        '};',
      ].join('\n'),
    );
  });

  it('seed 000: the Rust constants from llm-judge, f64 written as a float literal', () => {
    const d = setParam(presetByName('llm-check')!, 'detectors.llm-judge.threshold', 1);
    expect(seed000Snippet(resolveConfig(d))).toBe(
      [
        'const LLM_CHECK_AFTER_TURNS: usize = 30;',
        'const DEFAULT_LLM_CHECK_INTERVAL: usize = 3;',
        'const MIN_LLM_CHECK_INTERVAL: usize = 5;',
        'const MAX_LLM_CHECK_INTERVAL: usize = 15;',
        'const LLM_CONFIDENCE_THRESHOLD: f64 = 1.0;',
        'const LLM_LOOP_CHECK_HISTORY_COUNT: usize = 20;',
      ].join('\n'),
    );
    expect(seed000Snippet(resolveConfig(presetByName('llm-check')!))).toContain('LLM_CONFIDENCE_THRESHOLD: f64 = 0.9;');
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

  it('lists the five snippets in order', () => {
    expect(allSnippets(chatloop, 'chatloop', chatloop, 'a.jsonl').map((s) => [s.id, s.lang])).toEqual([
      ['seed-001', 'rust'],
      ['seed-002', 'toml'],
      ['seed-004', 'typescript'],
      ['seed-000', 'rust'],
      ['cli', 'shell'],
    ]);
  });
});
