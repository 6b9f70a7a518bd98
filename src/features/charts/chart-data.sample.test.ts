import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setParam } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { replay } from '../../engine/replay';
import { parseLoopscopeJsonl } from '../../import/loopscope-jsonl';
import { sourceFromText } from '../../import/source';
import { toPageResult } from '../../workers/to-page-result';
import { checkRows, cycleSeries, fingerprintBars, pointsUpTo } from './chart-data';

async function sample(name: string) {
  const f = join(__dirname, '../../samples', `${name}.loop.jsonl`);
  return (await parseLoopscopeJsonl(sourceFromText(f, readFileSync(f, 'utf8')))).transcripts[0];
}

// The default preset with the judge switched on, as the Charts tab's one-click button does.
const config = setParam(presetByName('chatloop')!, 'detectors.llm-judge.enabled', true);

describe('charts of the bundled samples', () => {
  it('the judge sample: checks at 30 and 33, then flash and pro confirm the loop at 42', async () => {
    const r = toPageResult(replay(await sample('judge-recorded'), config));
    expect(checkRows(r.checks, 45)).toEqual([
      {
        turn: 30,
        check: true,
        flash: 0.1,
        pro: null,
        unavailable: null,
        unavailableModels: '',
        interval: 3,
        source: 'recorded',
      },
      {
        turn: 33,
        check: true,
        flash: 0.55,
        pro: null,
        unavailable: null,
        unavailableModels: '',
        interval: 9,
        source: 'recorded',
      },
      {
        turn: 42,
        check: true,
        flash: 0.92,
        pro: 0.96,
        unavailable: null,
        unavailableModels: '',
        interval: 9,
        source: 'recorded',
      },
      {
        turn: 45,
        check: false,
        flash: null,
        pro: null,
        unavailable: null,
        unavailableModels: '',
        interval: 9,
        source: 'recorded',
      },
    ]);
    expect(fingerprintBars(r.fingerprints, 40).map((b) => [b.label, b.count, b.total])).toEqual([
      ['write content=# API Intro., p…', 8, 13],
    ]);
  });
  it('the oscillation sample: a period-2 pattern whose repetitions climb to 5', async () => {
    const r = toPageResult(replay(await sample('edit-test-oscillation'), config));
    const series = cycleSeries(r.cycles);
    expect(series.map((s) => s.name)).toEqual(['pattern · period 2']);
    expect(pointsUpTo(series[0].points, 10)).toEqual(
      [5, 6, 7, 8, 9, 10].map((turn) => ({ turn, repetitions: Math.floor((turn - 1) / 2) })),
    );
    expect(fingerprintBars(r.fingerprints, 18).map((b) => [b.label, b.count])).toEqual([
      ['bash pytest tests/test_parse.…', 9],
      // Two edits whose labels would read the same: the argument that differs, from where it differs.
      ['edit new=…nt(s.strip())', 7],
      ['edit new=…nt(s.strip() or 0)', 1],
      ['read src/parse.py', 1],
    ]);
  });
});
