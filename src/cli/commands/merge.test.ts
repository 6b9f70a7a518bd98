import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../run-cli.test-util';

const SAMPLES = resolve(__dirname, '../../samples');
const files = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.loop.jsonl'))
  .sort()
  .map((f) => join(SAMPLES, f));

const dir = mkdtempSync(join(tmpdir(), 'loopscope-merge-'));
/** Authored corpus runs: they carry no labels of their own. */
const UNLABELLED = [
  'corpus/authored/gemini-cli/read-grep-cycle.loop.jsonl',
  'corpus/authored/claude-code/build-errors-change-after-edits.loop.jsonl',
].map((f) => resolve(__dirname, '../../..', f));

async function shardOf(name: string, ...paths: string[]): Promise<string> {
  const r = await cli('eval', ...paths, '--preset', 'chatloop', '--json');
  expect(r.code).toBe(0);
  const file = join(dir, name);
  writeFileSync(file, r.out);
  return file;
}

describe('loopscope merge', () => {
  it('sums shards into exactly what one eval over every file prints', async () => {
    expect(files.length).toBe(6);
    const whole = await cli('eval', ...files, '--preset', 'chatloop', '--json');
    const shards: string[] = [];
    for (const [k, part] of [files.slice(0, 2), files.slice(2, 3), files.slice(3)].entries()) {
      const r = await cli('eval', ...part, '--preset', 'chatloop', '--json');
      expect(r.code).toBe(0);
      const shard = join(dir, `shard-${k}.jsonl`);
      writeFileSync(shard, r.out);
      shards.push(shard);
    }
    const merged = await cli('merge', ...shards, '--json');
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(whole.out);
    const total = JSON.parse(whole.out.trim().split('\n').pop()!) as {
      transcripts: number;
      metrics: { spans: number };
    };
    expect(total.transcripts).toBe(6);
    expect(total.metrics.spans).toBe(5);
  });

  it('sums the runs without labels apart, as one eval over every file counts them', async () => {
    const whole = await cli('eval', files[0], ...UNLABELLED, '--preset', 'chatloop', '--json');
    const a = await shardOf('mixed-a.jsonl', files[0], UNLABELLED[0]);
    const b = await shardOf('mixed-b.jsonl', UNLABELLED[1]);
    const merged = await cli('merge', a, b, '--json');
    expect(merged.out).toBe(whole.out);
    const total = JSON.parse(merged.out.trim().split('\n').pop()!) as Record<string, unknown>;
    expect([total.transcripts, total.labelled, total.unlabelled]).toEqual([
      3,
      1,
      { runs: 2, alarms: 16, alarmed: 2, stopped: 2 },
    ]);
    const text = await cli('merge', a, b);
    expect(text.out.split('\n').slice(0, 1)).toEqual(['total of 2 shards (3 files): 1 of 3 runs labelled']);
    expect(text.out.split('\n')[2]).toBe(
      '  without labels, counted apart: runs 2 · alarms 16 · runs alarmed 2 · would stop 2',
    );
  });

  it.each([
    [
      'without the counts of runs without labels (an older eval)',
      (l: Record<string, unknown>) => delete l.unlabelled,
      'no "unlabelled" object; merge reads the output of `loopscope eval --json` (shards from an older loopscope: run eval again)',
    ],
    [
      'with more runs alarmed than runs',
      (l: Record<string, unknown>) => ((l.unlabelled as Record<string, number>).alarmed = 2),
      'unlabelled.alarmed (2) is more than runs (1); the counts do not add up',
    ],
    [
      'whose labelled and unlabelled runs are not its transcripts',
      (l: Record<string, unknown>) => (l.transcripts = 5),
      'labelled (0) + unlabelled.runs (1) is not transcripts (5); the counts do not add up',
    ],
    [
      'whose labelled runs are not the scored ones',
      (l: Record<string, unknown>) => (l.labelled = 1),
      'labelled (1) is not metrics.transcripts (0); the counts do not add up',
    ],
  ])('refuses a shard %s, naming the line', async (_name, edit, reason) => {
    const shard = await shardOf('edited-unlabelled.jsonl', UNLABELLED[0]);
    const lines = readFileSync(shard, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    edit(lines[1]);
    writeFileSync(shard, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const r = await cli('merge', shard);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${shard}:2: ${reason}\n`);
  });

  it('says which shard and line are not eval output, and exits 2', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"file":"a","transcripts":1,"metrics":{"alarms":1}}\n');
    const r = await cli('merge', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `^loopscope: ${bad}:1: metrics\\.\\w+ is missing or not a number; is this \`loopscope eval --json\` output\\?\\n$`,
      ),
    );
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, '');
    expect((await cli('merge', cut)).err).toBe(`loopscope: ${cut}: no total line; was the shard's eval cut short?\n`);
  });

  describe('strict merge', () => {
    /** A shard of one sample, its total line's metrics edited by `edit`. */
    async function editedShard(name: string, edit: (m: Record<string, number>) => void): Promise<string> {
      const r = await cli('eval', files[0], '--preset', 'chatloop', '--json');
      const lines = r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { metrics: Record<string, number> });
      edit(lines[lines.length - 1].metrics);
      const file = join(dir, name);
      writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      return file;
    }

    it.each([
      [
        'negative',
        (m: Record<string, number>) => (m.alarms = -3),
        'metrics.alarms is -3, not a whole number from 0 to 2^53',
      ],
      [
        'fractional',
        (m: Record<string, number>) => (m.fp = 0.5),
        'metrics.fp is 0.5, not a whole number from 0 to 2^53',
      ],
      [
        'huge',
        (m: Record<string, number>) => (m.transcripts = 1e308),
        'metrics.transcripts is 1e+308, not a whole number from 0 to 2^53',
      ],
      [
        'more caught than spans (recall over 100 %, or -50 % with missed negative)',
        (m: Record<string, number>) => {
          m.caught = m.spans + 2;
          m.missed = -2;
        },
        'metrics.missed is -2, not a whole number from 0 to 2^53',
      ],
      [
        'caught and missed not adding up to the spans',
        (m: Record<string, number>) => (m.caught = m.spans + 1),
        'metrics.caught (2) + missed (0) is not spans (1); the counts do not add up',
      ],
    ])('refuses %s counts, naming the shard, line and field', async (name, edit, reason) => {
      const file = await editedShard(`${name.split(' ')[0]}.jsonl`, edit);
      const r = await cli('merge', file);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `loopscope: ${file}:2: ${reason}${reason.includes('up') ? '' : '; is this `loopscope eval --json` output?'}\n`,
      );
    });

    it('refuses a shard given twice (the same file list), naming both', async () => {
      const a = join(dir, 'twice-a.jsonl');
      writeFileSync(a, (await cli('eval', ...files.slice(0, 2), '--preset', 'chatloop', '--json')).out);
      const b = join(dir, 'twice-b.jsonl');
      writeFileSync(b, (await cli('eval', ...files.slice(0, 2), '--preset', 'chatloop', '--json')).out);
      const r = await cli('merge', a, b);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`loopscope: ${b}: the same files as ${a} (2); a shard given twice would count twice\n`);
      expect((await cli('merge', a, a)).code).toBe(2);
    });
  });
});
