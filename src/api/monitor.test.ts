/** The live monitor's handling of lines a run may hold: context, bad lines, judge answers. */
import { describe, expect, it } from 'vitest';
import { bundledSampleText } from '../samples/bundled.test-util';
import { createMonitor, replay } from './index';

const failing = {
  text: 'Running the tests.',
  calls: [{ name: 'bash', args: { command: 'npm test' }, result: { content: 'Error: 3 failing', isError: true } }],
};

describe('createMonitor', () => {
  it('returns the events of each turn as it is observed, none for context lines', () => {
    const m = createMonitor('chatloop-aggressive');
    expect(m.observe({ type: 'user', text: 'Fix the tests.' })).toEqual([]);
    expect(m.observe(failing)).toEqual([]);
    expect(m.observe(failing).map((e) => [e.turn, e.call, e.detector, e.action])).toEqual([
      [2, 2, 'exact-repeat', 'warn'],
    ]);
    expect(m.observe(failing).map((e) => [e.turn, e.call, e.action])).toEqual([[3, 3, 'terminate']]);
    expect(m.stoppedAt).toEqual({ turn: 3, call: 3 });
    expect(m.events.length).toBe(2);
  });

  it('skips a bad line with a warning naming it and the reason, and goes on', () => {
    const m = createMonitor('chatloop-aggressive');
    m.observe(failing);
    expect(m.observe({ text: 'x', calls: 'bash' })).toEqual([]);
    expect(m.observe({ type: 'tool', text: 'x' })).toEqual([]);
    expect(m.warnings).toEqual([
      { file: 'monitor', line: 2, reason: '"calls" must be an array' },
      { file: 'monitor', line: 3, reason: 'unknown type "tool" (known: meta, user, system, assistant, judge, label)' },
    ]);
    // The bad lines are not turns: the next good one is turn 2.
    expect(m.observe(failing).map((e) => e.turn)).toEqual([2]);
  });

  it('uses a judge answer given before its turn, and says so when one comes after', () => {
    const lines = bundledSampleText('judge-recorded')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    const m = createMonitor('llm-check');
    for (const l of lines) m.observe(l);
    // In the file each answer follows its turn: the check at that turn had none yet.
    expect(m.events).toEqual([]);
    expect(m.warnings.map((w) => [w.line, w.reason])).toEqual([
      [33, 'judge answer for turn 30 came after that turn: a live run needs it before the turn it checks'],
      [37, 'judge answer for turn 33 came after that turn: a live run needs it before the turn it checks'],
      [47, 'judge answer for turn 42 came after that turn: a live run needs it before the turn it checks'],
      [48, 'judge answer for turn 42 came after that turn: a live run needs it before the turn it checks'],
    ]);
    expect(replay(lines, 'llm-check').map((e) => [e.turn, e.detector, e.action])).toEqual([
      [42, 'llm-judge', 'terminate'],
    ]);

    const live = createMonitor('llm-check');
    const judge = lines.filter((l) => (l as { type?: string }).type === 'judge') as { turn: number }[];
    let turn = 0;
    for (const l of lines) {
      const type = (l as { type?: string }).type;
      if (type === 'judge') continue;
      if (type === 'assistant') for (const j of judge) if (j.turn === turn + 1) live.observe(j);
      if (type === 'assistant') turn++;
      live.observe(l);
    }
    expect(live.warnings).toEqual([]);
    expect(live.events).toEqual(replay(lines, 'llm-check'));
  });
});
