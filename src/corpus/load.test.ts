/**
 * The labelled corpus as checked in: both label files load, every span lies inside its
 * transcript's turns (an importer that renumbers turns fails here), and the exact size of the
 * set per source, so a lost or added run is noticed.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isReviewedClean, loopSpans } from '../engine/labelled';
import { sourceFromText } from '../import/source';
import { parseLabelsTsv } from './labels-tsv';
import { groupByFramework, loadCorpus } from './load';
import { readCorpus } from './read-corpus';

const ROOT = resolve(__dirname, '../..');

describe('the labelled corpus', () => {
  it('loads every labelled run with its spans inside its turns, in the expected numbers per source', async () => {
    const runs = await readCorpus(ROOT);
    for (const r of runs)
      for (const l of r.run.labels) {
        expect(l.startTurn, `${r.source} #${r.transcript}`).toBeGreaterThanOrEqual(1);
        expect(l.endTurn, `${r.source} #${r.transcript}`).toBeLessThanOrEqual(r.run.turns.length);
        expect(l.startTurn).toBeLessThanOrEqual(l.endTurn);
      }
    const counts = Object.fromEntries(
      [...groupByFramework(runs)].map(([fw, rs]) => [
        fw,
        {
          runs: rs.length,
          real: rs.filter((r) => r.origin === 'real').length,
          spans: rs.reduce((n, r) => n + loopSpans(r.run.labels).length, 0),
          clean: rs.filter((r) => isReviewedClean(r.run.labels)).length,
        },
      ]),
    );
    expect(counts).toEqual({
      aider: { runs: 18, real: 18, spans: 0, clean: 18 },
      'claude-code': { runs: 22, real: 13, spans: 3, clean: 19 },
      codex: { runs: 12, real: 6, spans: 3, clean: 9 },
      cursor: { runs: 6, real: 6, spans: 8, clean: 2 },
      'gemini-cli': { runs: 9, real: 3, spans: 3, clean: 6 },
      'inspect-ai': { runs: 21, real: 21, spans: 0, clean: 21 },
      moatless: { runs: 12, real: 12, spans: 4, clean: 8 },
      openhands: { runs: 20, real: 9, spans: 10, clean: 11 },
      'swe-agent': { runs: 34, real: 22, spans: 10, clean: 24 },
    });
  }, 60_000);

  it('pins two known real loops to the turns Loopscope shows', async () => {
    const runs = await readCorpus(ROOT);
    const find = (suffix: string, t: string) => runs.find((r) => r.source.endsWith(suffix) && r.transcript === t)!;
    const submit = find('ctf/crypto/eps.traj', '1');
    expect(submit.run.labels.map((l) => [l.startTurn, l.endTurn])).toEqual([[11, 13]]);
    for (const turn of submit.run.turns.slice(9, 13)) expect(turn.calls[0].name).toBe('submit');
    // Relabelled clean: each curl of the upload reads another file (docs/corpus.md, the rule).
    // A clean row is one progress span over the whole run: reviewed, no loop.
    const clean = find('ctf/web/i_got_id_demo.traj', '1').run;
    expect(clean.labels.map((l) => [l.kind, l.startTurn, l.endTurn])).toEqual([['progress', 1, clean.turns.length]]);
    const edit = find('mock_output/output.jsonl', '2');
    expect(edit.run.labels.map((l) => [l.startTurn, l.endTurn])).toEqual([[6, 12]]);
    for (const turn of edit.run.turns.slice(4, 12)) expect(JSON.stringify(turn.calls[0].args)).toContain('edit_file_by_replace');
  }, 60_000);
});

describe('label rows that do not fit their transcript', () => {
  const file = 'a.loop.jsonl';
  const text = [
    '{"type":"assistant","text":"1","calls":[{"name":"ls","args":{}}]}',
    '{"type":"assistant","text":"2"}',
    '{"type":"assistant","text":"3"}',
  ].join('\n');
  const open = async () => sourceFromText(file, text);
  const rows = (body: string) =>
    parseLabelsTsv(`source\ttranscript\tstartTurn\tendTurn\tkind\tnote\n${body}\n`, 'labels.tsv');

  it('a span past the last turn names the labels line and the turn count', async () => {
    await expect(loadCorpus(rows('corpus/real/x/a.loop.jsonl\t1\t2\t4\tloop\tls again'), open, 'labels.tsv')).rejects.toThrow(
      'labels.tsv:2: span 2-4 of corpus/real/x/a.loop.jsonl #1 ends after its last turn (3)',
    );
  });

  it('a run listed as clean and with a span is refused', async () => {
    await expect(
      loadCorpus(rows('corpus/real/x/a.loop.jsonl\t1\t\t\tclean\tok\ncorpus/real/x/a.loop.jsonl\t1\t2\t3\tloop\tls'), open, 'labels.tsv'),
    ).rejects.toThrow('labels.tsv:2: corpus/real/x/a.loop.jsonl #1 is listed both as clean and with loop spans');
  });

  it('overlapping spans of one run are refused, naming both lines', async () => {
    const body = ['3\t3\tloop\tls', '1\t2\tloop\tls', '2\t3\tloop\tls'].map((r) => `corpus/real/x/a.loop.jsonl\t1\t${r}`);
    await expect(loadCorpus(rows(body.join('\n')), open, 'labels.tsv')).rejects.toThrow(
      'labels.tsv:4: span 2-3 of corpus/real/x/a.loop.jsonl #1 overlaps span 1-2 (labels.tsv:3)',
    );
    // Spans that touch without sharing a turn are two loops.
    const [run] = await loadCorpus(rows(body.slice(0, 2).join('\n')), open, 'labels.tsv');
    expect(run.run.labels.map((l) => [l.startTurn, l.endTurn])).toEqual([
      [3, 3],
      [1, 2],
    ]);
  });

  it('a transcript index the file does not hold is refused', async () => {
    await expect(loadCorpus(rows('corpus/real/x/a.loop.jsonl\t2\t\t\tclean\tok'), open, 'labels.tsv')).rejects.toThrow(
      'labels.tsv:2: transcript 2 does not exist (the file holds 1)',
    );
  });

  it('malformed rows name the line and the reason', () => {
    expect(() => rows('corpus/real/x/a\t1\t3\t2\tloop\tn')).toThrow('labels.tsv:2: endTurn 2 is before startTurn 3');
    expect(() => rows('corpus/real/x/a\t1\t0\t2\tloop\tn')).toThrow('labels.tsv:2: startTurn must be a turn number (1, 2, …), got "0"');
    expect(() => rows('corpus/real/x/a\t1\t1\t2\tmaybe\tn')).toThrow('labels.tsv:2: kind must be loop or clean, got "maybe"');
    expect(() => rows('corpus/real/x/a\t1\t1\t2\tloop')).toThrow('labels.tsv:2: 5 columns, expected 6 (tab-separated)');
    expect(() => parseLabelsTsv('source,transcript\n', 'labels.tsv')).toThrow('labels.tsv:1: the header must be the columns');
  });
});
