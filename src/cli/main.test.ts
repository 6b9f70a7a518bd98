import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.test-util';

const dir = mkdtempSync(join(tmpdir(), 'loopscope-cli-'));
const file = join(dir, 'run.loop.jsonl');
writeFileSync(
  file,
  [
    '{"type":"meta","version":1,"title":"cli run"}',
    '{"type":"assistant","calls":[{"name":"ls","args":{"path":"x"}}]}',
    '{"type":"assistant","calls":[{"name":"ls","args":{"path":"x"}}]}',
    '{"type":"assistant","calls":[{"name":"ls","args":{"path":"x"}}]}',
    '{"type":"bogus"}',
    '{"type":"label","startTurn":2,"endTurn":3,"kind":"loop"}',
  ].join('\n'),
);

describe('loopscope CLI', () => {
  it('convert prints Loopscope JSONL and reports skipped lines on stderr', async () => {
    const r = await cli('convert', file);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('{"type":"meta","version":1,"title":"cli run","source":"' + file + '"}');
    expect(r.out.trim().split('\n')).toHaveLength(5);
    expect(r.err).toBe(
      `warning: ${file}:5: unknown type "bogus" (known: meta, user, system, assistant, judge, label)\n`,
    );
  });

  it('presets lists every preset with its full config', async () => {
    const r = await cli('presets', '--json');
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.name)).toContain('chatloop');
    const chatloop = lines.find((l) => l.name === 'chatloop');
    expect(chatloop.config.detectors['exact-repeat']).toMatchObject({
      enabled: true,
      windowSize: 10,
      maxDuplicates: 2,
    });
  });

  it('detect --json prints one object per transcript in the documented shape', async () => {
    const r = await cli('detect', file, '--preset', 'chatloop', '--json');
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out.trim());
    expect(Object.keys(rec)).toEqual([
      'file',
      'transcript',
      'format',
      'turns',
      'calls',
      'events',
      'checks',
      'stoppedAt',
      'metrics',
    ]);
    expect(rec).toMatchObject({
      transcript: 'cli run',
      format: 'loopscope-jsonl',
      turns: 3,
      calls: 3,
      stoppedAt: null,
    });
    expect(rec.events[0]).toMatchObject({ turn: 3, call: 3, detector: 'exact-repeat', action: 'warn', level: 1 });
    expect(rec.metrics).toMatchObject({
      alarms: 1,
      alarmsInSpans: 1,
      fp: 0,
      caught: 1,
      missed: 0,
      clean: 0,
      cleanFlagged: 0,
      prematureStops: 0,
      precision: 1,
      recall: 1,
      f1: 1,
      meanLatency: 1,
    });
    // The loop starts at turn 2 and the first alarm is on turn 3: turn 2 was wasted, but the file
    // has no token counts, so the tokens wasted are unknown (null), not 0. Nothing stopped: 0 saved.
    expect([rec.metrics.wastedTurns, rec.metrics.tokensWasted, rec.metrics.tokensSaved]).toEqual([1, null, 0]);
  });

  it('eval and sweep show the event-based scores, n/a for unknown tokens', async () => {
    const text = await cli('eval', file, '--preset', 'chatloop');
    expect(text.code).toBe(0);
    expect(text.out).toBe(
      `${file} (1 transcripts, 1 labelled)\n` +
        '  F1 100.0% (precision 100.0%, recall 100.0%) · loops 1: caught 1, missed 0 · false alarms 0 · ' +
        'clean runs flagged 0 of 0 · premature stops 0 · latency 1.0 · alarms 1 (1 in loops, 0 outside) · ' +
        'tokens wasted n/a, saved 0\n' +
        'total: 1 of 1 runs labelled\n' +
        '  F1 100.0% (precision 100.0%, recall 100.0%) · loops 1: caught 1, missed 0 · false alarms 0 · ' +
        'clean runs flagged 0 of 0 · premature stops 0 · latency 1.0 · alarms 1 (1 in loops, 0 outside) · ' +
        'tokens wasted n/a, saved 0\n',
    );
    // maxDuplicates 1 warns on turns 2 and 3 (caught at once, nothing wasted); 3 never warns
    // (the loop is missed: F1 0, all of turns 2-3 wasted, token counts unknown).
    const sweep = await cli(
      'sweep',
      file,
      '--preset',
      'chatloop',
      '--param',
      'detectors.exact-repeat.maxDuplicates',
      '--values',
      '1,3',
      '--json',
    );
    expect(sweep.code).toBe(0);
    const points = sweep.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      points.map((p) => [p.value, p.metrics.alarms, p.metrics.caught, p.metrics.f1, p.metrics.tokensWasted]),
    ).toEqual([
      [1, 2, 1, 1, 0],
      [3, 0, 0, 0, null],
    ]);
  });

  it('help exits 0; bad usage and unreadable input exit 2 with one line', async () => {
    expect((await cli('--help')).code).toBe(0);
    expect((await cli('--help')).out).toContain('Usage: loopscope <command>');
    const cases: [string[], string][] = [
      [[], ''],
      [['frob'], 'loopscope: unknown command "frob" (try --help)\n'],
      [['convert'], 'loopscope: convert needs at least one file (try --help)\n'],
      [['convert', join(dir, 'missing.json')], `loopscope: ${join(dir, 'missing.json')}: no such file or folder\n`],
      [['detect', file, '--preset', 'nope'], 'loopscope: unknown preset "nope"'],
      [['convert', file, '--json'], 'loopscope: convert does not take --json\n'],
      [['detect', file, '--wat'], "loopscope: Unknown option '--wat'"],
    ];
    for (const [argv, msg] of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.startsWith(msg), r.err).toBe(true);
      expect(r.err.trim().split('\n').length <= 1).toBe(true);
    }
  });

  it('an unreadable transcript names the file and the reason', async () => {
    const bad = join(dir, 'bad.loop.jsonl');
    writeFileSync(bad, 'nope\n');
    const r = await cli('convert', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^loopscope: .*bad\.loop\.jsonl: nothing readable as Loopscope JSONL: none of its 1 lines could be read \(first problem, line 1: not valid JSON/,
    );
  });

  it('a config with a bad field is rejected naming the field', async () => {
    const cfg = join(dir, 'cfg.json');
    writeFileSync(cfg, JSON.stringify({ detectors: { 'exact-repeat': { maxDuplicates: 0 } } }));
    const r = await cli('detect', file, '--config', cfg);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${cfg}: detectors.exact-repeat.maxDuplicates: must be between 1 and 100, got 0\n`);
  });
});
