import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';
import { summaryLoopPrompt } from './summary-loop';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'summary-loop': params } });
const work = call('read_file', { path: 'a.ts' });
const user = (text: string) => ({ text: 'Summary so far...', before: [{ role: 'user' as const, text }] });

describe('summary-loop (the doom-loop design)', () => {
  it('the second consecutive text-only turn is nudged, as a turn-level event', () => {
    const r = run(transcriptOf([work, 'Status: done A.', 'Status: still done A.', 'Status again.']), cfg());
    expect(brief(r.events)).toEqual([
      [undefined, 'warn', 1],
      [undefined, 'warn', 2],
    ]);
    expect(r.events.map((e) => e.turn)).toEqual([3, 4]);
    expect(r.events[0]).not.toHaveProperty('call');
    expect(r.events[0].message).toBe(
      '[System] Your last 2 responses were text only, without any tool call. You should be DOING the work, not summarizing it.\n' +
        'Pick the most important remaining task and start on it NOW with your tools (read_file, edit_file, write_file, bash...).\n' +
        'Do NOT write another status summary or task list.',
    );
    expect(r.events[1].message).toBe(summaryLoopPrompt(3));
  });

  it('a turn with tool calls resets the count', () => {
    expect(eventsOf(transcriptOf(['plan', work, 'summary', work, 'done']), cfg(), 'summary-loop')).toEqual([]);
  });

  it('a user message restarts the count, an injected [System] nudge does not', () => {
    expect(eventsOf(transcriptOf(['answer 1', user('and what about b?')]), cfg(), 'summary-loop')).toEqual([]);
    const ev = eventsOf(transcriptOf(['answer 1', user('[System] You should be doing work.')]), cfg(), 'summary-loop');
    expect(ev.map((e) => e.turn)).toEqual([2]);
  });

  it('resetOnUserMessage false counts across user messages; the threshold is configurable', () => {
    const t = transcriptOf(['answer 1', user('next?'), user('next?')]);
    expect(eventsOf(t, cfg({ resetOnUserMessage: false }), 'summary-loop').map((e) => e.turn)).toEqual([2, 3]);
    expect(eventsOf(t, cfg({ resetOnUserMessage: false, threshold: 3 }), 'summary-loop').map((e) => e.turn)).toEqual([
      3,
    ]);
  });
});
