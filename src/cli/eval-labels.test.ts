/**
 * `loopscope eval` on runs nobody labelled, and with `--labels FILE.tsv`: runs without labels are
 * counted apart (alarms and stops, never false alarms or F1), and a label file in the corpus
 * format scores exactly what the corpus scoring (`npm run corpus:score`) scores.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/presets/index';
import { readCorpus } from '../corpus/read-corpus';
import { scoreAll, scoreSubset } from '../corpus/score';
import { cli } from './run-cli.test-util';

const ROOT = resolve(__dirname, '../..');
const LOOPING = 'corpus/authored/gemini-cli/read-grep-cycle.loop.jsonl';
const CLEAN = 'corpus/authored/claude-code/build-errors-change-after-edits.loop.jsonl';
const SAMPLE = join(ROOT, 'src/samples/missing-path-ls-loop.loop.jsonl');
const NONE_LABELLED =
  'no run was labelled, so there is no F1 and no false alarm (label runs in the workbench, or pass --labels FILE.tsv)';
const dir = mkdtempSync(join(tmpdir(), 'loopscope-eval-labels-'));

interface TotalLine {
  transcripts: number;
  labelled: number;
  metrics: Record<string, number | null>;
  unlabelled: { runs: number; alarms: number; alarmed: number; stopped: number };
}
const lastLine = (out: string) => JSON.parse(out.trim().split('\n').pop()!) as TotalLine;

describe('sweep on runs without labels', () => {
  it('counts them apart at every value: alarms and stops, no scores line', async () => {
    const text = await cli(
      'sweep',
      join(ROOT, 'corpus/real/swe-agent'),
      '--preset',
      'chatloop',
      '--param',
      'detectors.exact-repeat.maxDuplicates',
      '--values',
      '2,9',
    );
    expect(text.code).toBe(0);
    expect(text.out).toBe(
      'detectors.exact-repeat.maxDuplicates = 2\n' +
        '  without labels, counted apart: runs 22 · alarms 5 · runs alarmed 2 · would stop 0\n' +
        'detectors.exact-repeat.maxDuplicates = 9\n' +
        '  without labels, counted apart: runs 22 · alarms 1 · runs alarmed 1 · would stop 0\n',
    );
  });
});

describe('eval on runs without labels', () => {
  it('a folder of real runs that carry no labels: no false alarm, and it says none was labelled', async () => {
    const text = await cli('eval', join(ROOT, 'corpus/real/swe-agent'), '--preset', 'chatloop');
    expect(text.code).toBe(0);
    expect(text.out.split('\n').slice(-3)).toEqual([
      `total: 0 of 22 runs labelled; ${NONE_LABELLED}`,
      '  without labels, counted apart: runs 22 · alarms 5 · runs alarmed 2 · would stop 0',
      '',
    ]);
    // No scores line anywhere: no "false alarms 0", no "F1 —".
    expect(text.out).not.toMatch(/false alarms \d|F1 [—\d]|clean runs flagged/);
    const total = lastLine(
      (await cli('eval', '--json', join(ROOT, 'corpus/real/swe-agent'), '--preset', 'chatloop')).out,
    );
    expect([
      total.transcripts,
      total.labelled,
      total.metrics.transcripts,
      total.metrics.fp,
      total.metrics.clean,
    ]).toEqual([22, 0, 0, 0, 0]);
    expect(total.unlabelled).toEqual({ runs: 22, alarms: 5, alarmed: 2, stopped: 0 });
  });

  it('a looping run without labels reports its alarms and its stop, not false alarms', async () => {
    const r = await cli('eval', join(ROOT, LOOPING), '--preset', 'chatloop');
    expect(r.out).toBe(
      `${join(ROOT, LOOPING)} (1 transcripts, 0 labelled)\n` +
        '  without labels, counted apart: runs 1 · alarms 13 · runs alarmed 1 · would stop 1\n' +
        `total: 0 of 1 runs labelled; ${NONE_LABELLED}\n` +
        '  without labels, counted apart: runs 1 · alarms 13 · runs alarmed 1 · would stop 1\n',
    );
  });
});

describe('eval --labels FILE.tsv', () => {
  it('a loop row scores the run against its span', async () => {
    const r = await cli('eval', LOOPING, '--preset', 'chatloop', '--labels', 'corpus/authored/labels.tsv', '--json');
    expect(r.code).toBe(0);
    const t = lastLine(r.out);
    expect([
      t.labelled,
      t.metrics.spans,
      t.metrics.caught,
      t.metrics.fp,
      t.metrics.alarmsInSpans,
      t.metrics.f1,
    ]).toEqual([1, 1, 1, 0, 13, 1]);
    expect(t.unlabelled.runs).toBe(0);
  });

  it('a clean row makes the run reviewed: its alarms are a false alarm, its stop premature', async () => {
    const r = await cli('eval', CLEAN, '--preset', 'chatloop', '--labels', 'corpus/authored/labels.tsv');
    expect(r.out.split('\n').slice(-3)).toEqual([
      'total: 1 of 1 runs labelled',
      '  F1 — (precision 0.0%, recall —) · loops 0: caught 0, missed 0 · false alarms 1 · clean runs flagged 1 of 1 · ' +
        'premature stops 1 · latency — · alarms 3 (0 in loops, 3 outside) · tokens wasted 0, saved n/a',
      '',
    ]);
  });

  it('over the corpus folders, scores exactly what the corpus scoring scores for its labelled runs', async () => {
    // The label files name their runs from the repository root, where the suite runs.
    expect(process.cwd()).toBe(ROOT);
    const r = await cli(
      'eval',
      ...['corpus/real', 'corpus/authored', '--preset', 'chatloop', '--json'],
      ...['--labels', 'corpus/labels.tsv', '--labels', 'corpus/authored/labels.tsv'],
    );
    expect(r.code).toBe(0);
    const t = lastLine(r.out);
    const runs = await readCorpus(ROOT);
    const chatloop = PRESETS.find((p) => p.name === 'chatloop')!;
    const s = scoreSubset(scoreAll([chatloop], runs), 'chatloop', runs, () => true);
    const m = t.metrics;
    expect([t.labelled, m.spans, m.caught, m.fp, m.clean, m.cleanFlagged, m.prematureStops]).toEqual([
      s.runs,
      s.spans,
      s.caught,
      s.falseAlarms,
      s.cleanRuns,
      s.cleanFlagged,
      s.prematureStops,
    ]);
    expect([m.precision, m.recall, m.f1]).toEqual([s.precision, s.recall, s.f1]);
    // The numbers themselves, so a change on both sides is seen too.
    expect([s.runs, s.spans, s.caught, s.falseAlarms, s.cleanRuns, s.cleanFlagged, s.prematureStops]).toEqual([
      154, 41, 30, 32, 118, 10, 5,
    ]);
    expect([t.transcripts, t.unlabelled.runs]).toEqual([607, 453]);
  }, 60_000);

  it('a run with labels of its own keeps them, and says so', async () => {
    const labels = join(dir, 'own.tsv');
    writeFileSync(labels, `source\ttranscript\tstartTurn\tendTurn\tkind\tnote\n${SAMPLE}\t1\t\t\tclean\tlooks fine\n`);
    const r = await cli('eval', SAMPLE, '--preset', 'chatloop', '--labels', labels, '--json');
    expect(r.err).toBe(`note: ${labels}:2: ${SAMPLE} #1 carries labels of its own; those are used\n`);
    expect(lastLine(r.out).metrics.spans).toBe(1);
  });

  it('a label file that names no file read is said, and a row that does not fit names its line', async () => {
    const elsewhere = join(dir, 'elsewhere.tsv');
    writeFileSync(
      elsewhere,
      'source\ttranscript\tstartTurn\tendTurn\tkind\tnote\nsomewhere/else.traj\t1\t\t\tclean\tok\n',
    );
    const r = await cli('eval', LOOPING, '--labels', elsewhere);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `warning: ${elsewhere}: no run it labels was among the files read (a row's source is the file's path from the current folder)\n`,
    );
    const wrong = join(dir, 'wrong.tsv');
    writeFileSync(
      wrong,
      `# a comment\nsource\ttranscript\tstartTurn\tendTurn\tkind\tnote\n${LOOPING}\t1\t5\t99\tloop\tcycle\n`,
    );
    const bad = await cli('eval', LOOPING, '--labels', wrong);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(`loopscope: ${wrong}:3: span 5-99 of ${LOOPING} #1 ends after its last turn (14)\n`);
    const notTsv = join(dir, 'not.tsv');
    writeFileSync(notTsv, 'source,transcript\n');
    expect((await cli('eval', LOOPING, '--labels', notTsv)).err).toBe(
      `loopscope: ${notTsv}:1: the header must be the columns source, transcript, startTurn, endTurn, kind, note (tab-separated)\n`,
    );
    expect((await cli('eval', LOOPING, '--labels', join(dir, 'missing.tsv'))).err).toBe(
      `loopscope: ${join(dir, 'missing.tsv')}: cannot read (ENOENT)\n`,
    );
    expect((await cli('detect', LOOPING, '--labels', notTsv)).err).toBe('loopscope: detect does not take --labels\n');
  });
});
