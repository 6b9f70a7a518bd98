import { describe, expect, it } from 'vitest';
import { presetByName } from '../../engine/presets/index';
import {
  dataGaps,
  draftGaps,
  judgeOnlyBlind,
  libraryGaps,
  needsRecordedJudge,
  presetGaps,
  runFacts,
} from './data-gaps';

const llmCheck = presetByName('llm-check')!;
const recommended = presetByName('recommended')!;

describe('data a config needs and the run lacks', () => {
  it('warns that llm-check shows model unavailable on a run without recorded judge answers', () => {
    const facts = runFacts({ judgeLines: 0, hasTokens: true });
    expect(facts).toEqual({ judgeAnswers: 0, hasTokens: true });
    expect(dataGaps(llmCheck, 'llm-check', facts)).toEqual([
      'no recorded judge answers: llm-check shows model unavailable',
    ]);
    expect(dataGaps(recommended, 'recommended', facts)).toEqual([]);
  });
  it('says nothing of the judge once answers are recorded, or when the judge asks elsewhere', () => {
    const facts = runFacts({ judgeLines: 1, hasTokens: true });
    expect(dataGaps(llmCheck, 'llm-check', facts)).toEqual([]);
    const heuristic = {
      ...llmCheck,
      detectors: { 'llm-judge': { ...llmCheck.detectors['llm-judge'], source: 'heuristic' } },
    };
    expect(needsRecordedJudge(heuristic, { judgeAnswers: 0, hasTokens: true })).toBe(false);
  });
  it('knows nothing of a config that only the missing judge answers could make fire (llm-check, not gemini-cli)', () => {
    const none = runFacts({ judgeLines: 0, hasTokens: true });
    expect(judgeOnlyBlind(llmCheck, none)).toBe(true);
    expect(judgeOnlyBlind(presetByName('gemini-cli')!, none)).toBe(false);
    expect(judgeOnlyBlind(recommended, none)).toBe(false);
    expect(judgeOnlyBlind(llmCheck, runFacts({ judgeLines: 4, hasTokens: true }))).toBe(false);
    const withRepeat = { ...llmCheck, detectors: { ...llmCheck.detectors, 'exact-repeat': { enabled: true } } };
    expect(judgeOnlyBlind(withRepeat, none)).toBe(false);
  });
  it('names the preset when the preset itself needs the answers, else the detector', () => {
    const none = runFacts({ judgeLines: 0, hasTokens: true });
    expect(draftGaps(llmCheck, 'llm-check', none)).toEqual([
      'no recorded judge answers: llm-check shows model unavailable',
    ]);
    expect(draftGaps(llmCheck, 'recommended', none)).toEqual([
      'no recorded judge answers: the llm-judge detector shows model unavailable',
    ]);
  });
  it('says token metrics are n/a on a run without any token counts', () => {
    expect(dataGaps(recommended, 'recommended', runFacts({ judgeLines: 0, hasTokens: false }))).toEqual([
      'no token counts in this run: tokens wasted and saved show n/a',
    ]);
  });
  it('names every preset affected in Compare, on one run and over the library', () => {
    expect(presetGaps({ judgeAnswers: 0, hasTokens: false })).toEqual([
      'no recorded judge answers: llm-check shows model unavailable',
      'no recorded judge answers: gemini-cli shows model unavailable',
      'no token counts in this run: tokens wasted and saved show n/a',
    ]);
    expect(presetGaps({ judgeAnswers: 3, hasTokens: true })).toEqual([]);
    expect(libraryGaps(2, 5)).toEqual([
      '2 of 5 runs have no recorded judge answers: llm-check and gemini-cli show model unavailable on them',
    ]);
    expect(libraryGaps(0, 5)).toEqual([]);
  });
});
