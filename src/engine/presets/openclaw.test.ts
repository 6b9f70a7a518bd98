/**
 * `openclaw` against openclaw/openclaw src/agents/tool-loop-detection.ts at
 * 00655306d8f3d8123be9d4bf956c3f8ad32bd4e0 (detectToolCallLoop; the call checked against the
 * calls before it) and src/agents/pi-tools.before-tool-call.ts at
 * 004e82d079f8ac98cb9e713301eef0a553e69552 (critical → block, warning once per bucket of 10).
 * Each rule at threshold - 1, threshold and threshold + 1.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig, type EngineConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf, type CallSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('openclaw')!;
const at = (calls: CallSpec[], config: EngineConfig = preset) =>
  replay(transcriptOf(calls), config).events.map((e) => [e.call, e.action, e.message.split(':')[0]]);
const n = (k: number, f: (i: number) => CallSpec) => Array.from({ length: k }, (_, i) => f(i));

describe('preset openclaw (tool-loop detection)', () => {
  it('is the tool-loop detector with the source constants', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['tool-loop']);
  });

  describe('generic_repeat warning: 10 earlier identical calls in the last 30 (outcomes vary)', () => {
    const read = (i: number) => call('read', { path: 'a.ts' }, `v${i}`);
    it('10 calls: nothing', () => expect(at(n(10, read))).toEqual([]));
    it('11th call: warned', () => expect(at(n(11, read))).toEqual([[11, 'warn', 'WARNING']]));
    it('12th: no second warning until the count reaches 20 (bucket of 10)', () =>
      expect(at(n(12, read))).toEqual([[11, 'warn', 'WARNING']]));
  });

  describe('generic_repeat critical: 20 earlier identical calls with identical outcomes', () => {
    const same = call('read', { path: 'a.ts' }, 'same');
    it('20 calls: the warning only', () => expect(at(n(20, () => same))).toEqual([[11, 'warn', 'WARNING']]));
    it('21st: blocked', () =>
      expect(at(n(21, () => same))).toEqual([
        [11, 'warn', 'WARNING'],
        [21, 'block', 'CRITICAL'],
      ]));
    it('22nd: blocked again (a blocked call is not recorded)', () =>
      expect(at(n(22, () => same)).map((e) => e[0])).toEqual([11, 21, 22]));
  });

  describe('ping_pong: alternating calls, the current one included', () => {
    const a = call('read', { path: 'a' }, 'A');
    const b = call('read', { path: 'b' }, 'B');
    const ab = (k: number) => n(k, (i) => (i % 2 ? b : a));
    it('9 calls: nothing', () => expect(at(ab(9))).toEqual([]));
    it('10th: warned', () => expect(at(ab(10))).toEqual([[10, 'warn', 'WARNING']]));
    it('11th: no second warning', () => expect(at(ab(11))).toEqual([[10, 'warn', 'WARNING']]));
    it('20th with stable outcomes on both sides: blocked; 19 is not', () => {
      expect(at(ab(19))).toEqual([[10, 'warn', 'WARNING']]);
      expect(at(ab(20))).toEqual([
        [10, 'warn', 'WARNING'],
        [20, 'block', 'CRITICAL'],
      ]);
    });
    it('outcomes that change on one side: never blocked', () => {
      const bv = (i: number) => call('read', { path: 'b' }, `B${i}`);
      expect(at(n(20, (i) => (i % 2 ? bv(i) : a)))).toEqual([
        [10, 'warn', 'WARNING'],
        [20, 'warn', 'WARNING'],
      ]);
    });
  });

  describe('known_poll_no_progress: command_status with the same outcome', () => {
    const poll = call('command_status', { id: 7 }, 'running');
    it('10: nothing; 11th: warned; 12th: no second warning', () => {
      expect(at(n(10, () => poll))).toEqual([]);
      expect(at(n(11, () => poll))).toEqual([[11, 'warn', 'WARNING']]);
      expect(at(n(12, () => poll))).toEqual([[11, 'warn', 'WARNING']]);
    });
    it('20: the warning at 11 only; 21st: blocked', () => {
      expect(at(n(20, () => poll))).toEqual([[11, 'warn', 'WARNING']]);
      expect(at(n(21, () => poll)).map((e) => [e[0], e[1]])).toEqual([
        [11, 'warn'],
        [21, 'block'],
      ]);
    });
  });

  describe('global_circuit_breaker: 30 identical no-progress outcomes (generic_repeat off so it can be reached)', () => {
    const cfg: EngineConfig = {
      detectors: { 'tool-loop': { ...preset.detectors['tool-loop'], genericRepeat: false } },
    };
    const same = call('read', { path: 'a.ts' }, 'same');
    it('30: nothing; 31st: blocked; 32nd: blocked', () => {
      expect(
        at(
          n(30, () => same),
          cfg,
        ),
      ).toEqual([]);
      expect(
        at(
          n(31, () => same),
          cfg,
        ),
      ).toEqual([[31, 'block', 'CRITICAL']]);
      expect(
        at(
          n(32, () => same),
          cfg,
        ).map((e) => e[0]),
      ).toEqual([31, 32]);
    });
  });

  describe('unknown_tool_repeat: the same missing tool reported 10 times in a row', () => {
    const missing = (i: number) => failed('browser', { url: `u${i}` }, 'Unknown tool: browser');
    it('10: nothing; 11th: blocked; 12th: blocked', () => {
      expect(at(n(10, missing))).toEqual([]);
      expect(at(n(11, missing))).toEqual([[11, 'block', 'CRITICAL']]);
      expect(at(n(12, missing)).map((e) => e[0])).toEqual([11, 12]);
    });
  });

  it('a warning threshold below the bucket size (10) finds warnings the bucket swallows (shouldEmitLoopWarning)', () => {
    const low: EngineConfig = { detectors: { 'tool-loop': { ...preset.detectors['tool-loop'], warningThreshold: 3 } } };
    const read = (i: number) => call('read', { path: 'a.ts' }, `v${i}`);
    expect(at(n(10, read), low)).toEqual([]);
    const seen: EngineConfig = { detectors: { 'tool-loop': { ...low.detectors['tool-loop'], warningBucket: 1 } } };
    expect(at(n(6, read), seen).map((e) => [e[0], e[1]])).toEqual([
      [4, 'warn'],
      [5, 'warn'],
      [6, 'warn'],
    ]);
  });

  it('reading many files, editing and testing: nothing', () => {
    const work = n(40, (i) =>
      i % 2 ? call('edit', { path: `f${i}`, text: `x${i}` }, 'ok') : call('test', { k: i }, `fail ${i}`),
    );
    expect(at(work)).toEqual([]);
  });
});
