import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
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
});
