import { describe, expect, it } from 'vitest';
import { setParam } from '../../engine/config';
import { summarize, emptyMetrics, type Metrics } from '../../engine/evaluate';
import { presetByName } from '../../engine/presets/index';
import type { ReplayResult } from '../../engine/replay';
import { mdText } from '../../export/escape/markdown';
import { buildReport, type ReportInput } from './report';

const chatloop = presetByName('chatloop')!;

/** A summary from counts, as the engine derives it. */
function metrics(counts: Partial<Metrics>) {
  return summarize({ ...emptyMetrics(), transcripts: 1, ...counts });
}

const result: ReplayResult = {
  turns: 12,
  calls: 12,
  events: [
    { turn: 3, call: 3, detector: 'pattern', action: 'warn', level: 1, message: 'A | B\nsecond line' },
    { turn: 8, call: 8, detector: 'exact-repeat', action: 'warn', level: 1, message: 'dup' },
    { turn: 9, call: 9, detector: 'exact-repeat', action: 'terminate', level: 2, message: 'Loop detected: dup' },
    { turn: 10, detector: 'llm-judge', action: 'terminate', level: 1, message: 'judge', afterStop: true },
  ],
  checks: [],
  cycles: [],
  stoppedAt: { turn: 9, call: 9 },
  fingerprints: { top: [], timeline: [] },
};

const base: ReportInput = {
  meta: { title: 'Stuck | on ls', format: 'loopscope-jsonl', fileName: 'run.loop.jsonl', turns: 12, calls: 1234 },
  labels: [
    { startTurn: 1, endTurn: 4, kind: 'progress' },
    { startTurn: 7, endTurn: 12, kind: 'loop', note: 'same ls' },
  ],
  result,
  // As evaluate() counts the result against the labels: the alarm on turn 3 is outside every loop
  // span (one false alarm), those on 8, 9, 10 inside loop 7–12 (caught; latency 1, turn 7 wasted).
  metrics: metrics({
    alarms: 4,
    alarmsInSpans: 3,
    alarmsOutsideSpans: 1,
    fp: 1,
    spans: 1,
    caught: 1,
    latencySum: 1,
    latencyCount: 1,
    wastedTurns: 1,
    wastedTurnsWithTokens: 1,
    wastedTokenSum: 1500,
    savedTurns: 3,
    savedTurnsWithTokens: 3,
    savedTokenSum: 3000,
  }),
  baseline: metrics({
    alarms: 1,
    alarmsInSpans: 1,
    spans: 1,
    caught: 1,
    latencySum: 3,
    latencyCount: 1,
    wastedTurns: 3,
    wastedTurnsWithTokens: 3,
    wastedTokenSum: 4500,
    savedTurns: 3,
    savedTurnsWithTokens: 3,
    savedTokenSum: 3000,
  }),
  draft: setParam(chatloop, 'detectors.exact-repeat.maxDuplicates', 1),
  presetName: 'chatloop',
  preset: chatloop,
  generatedAt: '2026-03-02T09:00:00.000Z',
};

describe('report', () => {
  it('escapes table cells onto one line', () => {
    expect(mdText('a | b\n c\r\nd ')).toBe('a \\| b  c d');
  });

  it('escapes HTML, code spans, links and cell bars in titles, file names and messages', () => {
    const hostile: ReportInput = {
      ...base,
      meta: { ...base.meta, title: '<img src=x onerror=alert(1)>', fileName: 'a|b [x](y) `z` & c.jsonl' },
    };
    const lines = buildReport(hostile).split('\n');
    expect(lines[0]).toBe('# Loopscope report: &lt;img src=x onerror=alert(1)&gt;');
    expect(lines[4]).toBe('| File | a\\|b \\[x\\](y) \\`z\\` &amp; c.jsonl |');
    expect(buildReport(hostile)).not.toContain('<img');
  });

  it('writes the whole report', () => {
    expect(buildReport(base)).toBe(
      [
        '# Loopscope report: Stuck \\| on ls',
        '',
        '| | |',
        '|---|---|',
        '| File | run.loop.jsonl |',
        '| Format | loopscope-jsonl |',
        '| Turns / calls | 12 / 1,234 |',
        '| Config | chatloop (tuned) |',
        '| Detectors | exact-repeat, pattern |',
        '| Alarms count from | warn |',
        '| Generated | 2026-03-02T09:00:00.000Z |',
        '',
        '## Config',
        '',
        'Based on preset `chatloop`, with 1 change:',
        '',
        '- `detectors.exact-repeat.maxDuplicates`: 2 → 1',
        '',
        '## Metrics',
        '',
        '| Metric | Value | Change vs chatloop |',
        '|---|---:|---:|',
        // caught 1, false alarms 1: precision 1/2, F1 2/3; the preset had F1 1.
        '| F1 | 66.7% | −33.3% |',
        '| Precision (caught / (caught + false alarms)) | 50.0% | −50.0% |',
        '| Recall (caught / loop spans) | 100.0% |  |',
        '| Loop spans caught | 1 |  |',
        '| Loop spans missed | 0 |  |',
        '| False alarms (episodes outside every loop span) | 1 | +1 |',
        '| Clean run flagged (no loop span, any alarm) | — |  |',
        '| Premature stops | 0 |  |',
        '| Mean latency (turns) | 1.0 | −2.0 |',
        '| Alarms | 4 | +3 |',
        '| Alarms in loop spans | 3 | +2 |',
        '| Alarms outside every loop span | 1 | +1 |',
        '| Tokens wasted in loops before the first alarm | 1,500 | −3,000 |',
        '| Tokens saved by the stop | 3,000 |  |',
        '',
        '## Labelled spans',
        '',
        'Labels are the ground truth: a loop span with an alarm inside is caught, one without is missed; alarms outside every loop span are false, and such alarms at most 2 turns apart are one false alarm (turns outside every loop span count as legitimate work).',
        '',
        '| Kind | Turns | Note |',
        '|---|---|---|',
        '| progress | 1–4 |  |',
        '| loop | 7–12 | same ls |',
        '',
        '## Alarms (4)',
        '',
        '| Turn | Call | Detector | Action | Level | Verdict | Message |',
        '|---:|---:|---|---|---:|---|---|',
        '| 3 | 3 | pattern | warn | 1 | false (false alarm 1) | A \\| B second line |',
        '| 8 | 8 | exact-repeat | warn | 1 | true (loop 7–12) | dup |',
        '| 9 | 9 | exact-repeat | terminate | 2 | true (loop 7–12) | Loop detected: dup |',
        '| 10 |  | llm-judge | terminate | 1 | true (loop 7–12) · after the stop | judge |',
        '',
        '## Where the run stopped',
        '',
        'The run stopped at turn 9, call 9 (exact-repeat terminated it).',
        'Tokens saved: 3,000 (the 3 turns after turn 9 would not have run).',
        '',
      ].join('\n'),
    );
  });

  it('without loop labels: says metrics need them; alarms below the count action are marked', () => {
    const draft = { ...chatloop, countAction: 'terminate' as const };
    const md = buildReport({ ...base, labels: [], metrics: null, baseline: null, draft, preset: chatloop });
    expect(md).toContain('No labels: false alarms and missed loops need them. The run raised 4 events.');
    expect(md).toContain('No labels.');
    expect(md).toContain('| 8 | 8 | exact-repeat | warn | 1 | not counted (below terminate) | dup |');
    expect(md).toContain('| 9 | 9 | exact-repeat | terminate | 2 | alarm | Loop detected: dup |');
    expect(md).toContain('- `countAction`: warn → terminate');
    expect(md).toContain('3 turns after turn 9 would not have run.');
  });

  it('an unchanged preset and a run that did not stop', () => {
    const md = buildReport({ ...base, draft: chatloop, result: { ...result, events: [], stoppedAt: null } });
    expect(md).toContain('Preset `chatloop`, unchanged.');
    expect(md).toContain('## Alarms (0)\n\nNo detector fired.');
    expect(md).toContain('The run was not stopped: no detector terminated it.');
  });

  it('a clean run flagged; unknown token counts are n/a, not 0', () => {
    // Progress labels only: every alarm is false; turns 3, then 8-10 (gaps of 1) are 2 false alarms.
    const clean = metrics({
      alarms: 4,
      alarmsOutsideSpans: 4,
      fp: 2,
      clean: 1,
      cleanFlagged: 1,
      prematureStops: 1,
      savedTurns: 3,
    });
    const md = buildReport({
      ...base,
      labels: [{ startTurn: 1, endTurn: 12, kind: 'progress' }],
      metrics: clean,
      baseline: null,
    });
    expect(md).toContain('| False alarms (episodes outside every loop span) | 2 |  |');
    expect(md).toContain('| Clean run flagged (no loop span, any alarm) | 1 |  |');
    expect(md).toContain('| F1 | — |  |');
    expect(md).toContain('| Tokens saved by the stop | n/a |  |');
    expect(md).toContain('| 3 | 3 | pattern | warn | 1 | false (false alarm 1) | A \\| B second line |');
    expect(md).toContain('| 8 | 8 | exact-repeat | warn | 1 | false (false alarm 2) | dup |');
    expect(md).toContain('| 10 |  | llm-judge | terminate | 1 | false (false alarm 2) · after the stop | judge |');
    expect(md).toContain('Tokens saved: n/a, no token counts (the 3 turns after turn 9 would not have run).');
  });

  it('llm-check on a run without recorded judge answers: every metric n/a, and the warnings', () => {
    const md = buildReport({
      ...base,
      result: { events: [], stoppedAt: null },
      metrics: metrics({ spans: 1, missed: 1 }),
      gaps: ['no recorded judge answers: llm-check shows model unavailable'],
      unknown: 'n/a: only the LLM judge could raise alarms, and the run has no recorded answers',
    });
    expect(md).toContain('| F1 | n/a |  |');
    expect(md).toContain('| Loop spans missed | n/a |  |');
    expect(md).toContain(
      '| Tokens saved by the stop | n/a |  |\n\n> ⚠ no recorded judge answers: llm-check shows model unavailable',
    );
    const bare = buildReport({ ...base, labels: [], metrics: null, baseline: null, unknown: 'n/a: no answers' });
    expect(bare).toContain('No labels: false alarms and missed loops need them. Events: n/a: no answers.');
  });
});
