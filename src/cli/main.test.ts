import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main';

function capture() {
  let text = '';
  return {
    write: (s: string) => (text += s),
    get text() {
      return text;
    },
  };
}

async function cli(...argv: string[]) {
  const out = capture();
  const err = capture();
  const code = await main(argv, out, err);
  return { code, out: out.text, err: err.text };
}

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
    expect(rec.metrics).toMatchObject({ tp: 1, fp: 0, caught: 1, missed: 0, prematureStops: 0 });
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
