/**
 * Every detector that compares arguments or results does so through the observation
 * normaliser by default, and as recorded with `rawText: true`.
 */
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import type { DetectorId } from '../types';
import { brief, call, eventsOf, failed, transcriptOf } from '../test-util';

const cfg = (id: DetectorId, params: Record<string, unknown> = {}): EngineConfig => ({
  detectors: { [id]: { enabled: true, ...params } },
});

// The SWE-agent run of the issue: one failing command, the shell's line number growing.
const cd = (line: number) =>
  call('bash', { command: 'cd fastjson/' }, `/bin/bash: line ${line}: cd: fastjson/: No such file or directory`);
const cdRun = transcriptOf([cd(11301), cd(11316), cd(11331), cd(11346)]);

describe('normalised by default, raw with rawText', () => {
  it('exact-repeat: whitespace-only changes to a command are the same call', () => {
    const t = transcriptOf([
      call('bash', { command: 'ls -la src' }),
      call('bash', { command: 'ls  -la src' }),
      call('bash', { command: ' ls -la src\n' }),
    ]);
    expect(brief(eventsOf(t, cfg('exact-repeat'), 'exact-repeat'))).toEqual([[3, 'warn', 1]]);
    expect(eventsOf(t, cfg('exact-repeat', { rawText: true }), 'exact-repeat')).toEqual([]);
  });

  it('cycle with compareResults: the same error under a new shell line number repeats', () => {
    expect(brief(eventsOf(cdRun, cfg('cycle', { compareResults: true }), 'cycle'))).toEqual([
      [2, 'warn', 1],
      [3, 'warn', 2],
      [4, 'terminate', 3],
    ]);
    expect(eventsOf(cdRun, cfg('cycle', { compareResults: true, rawText: true }), 'cycle')).toEqual([]);
  });

  it('same-result: the errors are equal once the line number is masked', () => {
    const t = transcriptOf(
      [1, 2, 3].map((i) =>
        failed('bash', { command: `cd dir${i}` }, `/bin/bash: line ${i * 1111}: cd: x: No such file`),
      ),
    );
    const params = { threshold: 0.99, errorsOnly: true };
    expect(brief(eventsOf(t, cfg('same-result', params), 'same-result'))).toEqual([[3, 'warn', 1]]);
    expect(eventsOf(t, cfg('same-result', { ...params, rawText: true }), 'same-result')).toEqual([]);
  });

  it('similar-args with sameResult: near-identical searches whose results differ only in their timing', () => {
    const t = transcriptOf(
      ['parseObjects', 'parseObjectz', 'parseObject_'].map((pattern, i) =>
        call('grep', { pattern, path: 'src' }, `0 matches (searched 812 files in 0.${i + 1}2s)`),
      ),
    );
    const params = { ignoreIdentical: true, sameResult: true };
    expect(brief(eventsOf(t, cfg('similar-args', params), 'similar-args'))).toEqual([[3, 'warn', 1]]);
    expect(eventsOf(t, cfg('similar-args', { ...params, rawText: true }), 'similar-args')).toEqual([]);
  });

  it('doom-loop and consecutive-repeat count cosmetic variants as one call', () => {
    const t = transcriptOf(
      ['pytest -x', 'pytest  -x', 'pytest -x ', 'pytest\t-x'].map((command) => call('bash', { command })),
    );
    expect(brief(eventsOf(t, cfg('doom-loop'), 'doom-loop'))).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
    ]);
    expect(eventsOf(t, cfg('doom-loop', { rawText: true }), 'doom-loop')).toEqual([]);
    expect(brief(eventsOf(t, cfg('consecutive-repeat'), 'consecutive-repeat'))).toEqual([
      [3, 'block', 1],
      [4, 'block', 2],
    ]);
    expect(eventsOf(t, cfg('consecutive-repeat', { rawText: true }), 'consecutive-repeat')).toEqual([]);
  });
});
