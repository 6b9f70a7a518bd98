/** The corpus score tables as Markdown (for docs/detectors.md and the terminal). */
import { isReviewedClean, loopSpans } from '../engine/labelled';
import type { CorpusRun } from './load';
import { better, leaveOneSourceOut, pooledHoldOut, scoreSubset, type Score, type ScoreTable } from './score';

const f = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const HEAD =
  '| preset | F1 | precision | recall | caught / spans | false alarms | clean flagged | premature stops |\n|---|---|---|---|---|---|---|---|';
const row = (name: string, s: Score) =>
  `| ${name} | ${f(s.f1)} | ${f(s.precision)} | ${f(s.recall)} | ${s.caught} / ${s.spans} | ${s.falseAlarms} | ${s.cleanFlagged} / ${s.cleanRuns} | ${s.prematureStops} |`;

function table(scores: ScoreTable, runs: CorpusRun[], keep: (r: CorpusRun) => boolean): string {
  const rows = [...scores.keys()].map((p): [string, Score] => [p, scoreSubset(scores, p, runs, keep)]).sort(better);
  return [HEAD, ...rows.map(([p, s]) => row(`\`${p}\``, s))].join('\n');
}

const spanCount = (rs: CorpusRun[]) => rs.reduce((n, r) => n + loopSpans(r.run.labels).length, 0);

export function corpusCounts(runs: CorpusRun[]): string {
  const fws = [...new Set(runs.map((r) => r.framework))].sort();
  const line = (name: string, rs: CorpusRun[]) => {
    const real = rs.filter((r) => r.origin === 'real');
    const spans = spanCount(rs);
    const clean = rs.filter((r) => isReviewedClean(r.run.labels)).length;
    const turns = rs.reduce((n, r) => n + r.run.turns.length, 0);
    return `| ${name} | ${rs.length} | ${real.length} | ${rs.length - real.length} | ${spans} | ${clean} | ${turns} |`;
  };
  return [
    '| source | runs | real | authored | loop spans | clean runs | turns |',
    '|---|---|---|---|---|---|---|',
    ...fws.map((fw) => line(fw, runs.filter((r) => r.framework === fw))),
    line('**total**', runs),
  ].join('\n');
}

/** The whole report: counts, totals, per source, leave-one-source-out. */
export function corpusReport(scores: ScoreTable, runs: CorpusRun[]): string {
  const fws = [...new Set(runs.map((r) => r.framework))].sort();
  const parts = [
    '### Corpus\n\n' + corpusCounts(runs),
    '### All runs\n\n' + table(scores, runs, () => true),
    '### Real runs only\n\n' + table(scores, runs, (r) => r.origin === 'real'),
    '### Authored runs only\n\n' + table(scores, runs, (r) => r.origin === 'authored'),
    ...fws.map((fw) => `### Source: ${fw}\n\n` + table(scores, runs, (r) => r.framework === fw)),
  ];
  const loso = leaveOneSourceOut(scores, runs);
  const pooled = pooledHoldOut(scores, runs, loso);
  parts.push(
    '### Leave one source out\n\nFor each held-out source, the preset with the best F1 on all the other sources, scored on the held-out one.\n\n' +
      [
        '| held-out source | chosen preset | F1 on the others | F1 held out | caught / spans | false alarms | clean flagged | premature stops |',
        '|---|---|---|---|---|---|---|---|',
        ...loso.map(
          (h) =>
            `| ${h.heldOut} | \`${h.chosen}\` | ${f(h.trainF1)} | ${f(h.score.f1)} | ${h.score.caught} / ${h.score.spans} | ${h.score.falseAlarms} | ${h.score.cleanFlagged} / ${h.score.cleanRuns} | ${h.score.prematureStops} |`,
        ),
        `| **pooled** | | | ${f(pooled.f1)} | ${pooled.caught} / ${pooled.spans} | ${pooled.falseAlarms} | ${pooled.cleanFlagged} / ${pooled.cleanRuns} | ${pooled.prematureStops} |`,
      ].join('\n'),
  );
  return parts.join('\n\n') + '\n';
}

/** The same numbers as an object (`--json`), for scripts that pick or tune on the corpus. */
export function corpusJson(scores: ScoreTable, runs: CorpusRun[]): unknown {
  const fws = [...new Set(runs.map((r) => r.framework))].sort();
  const loso = leaveOneSourceOut(scores, runs);
  return {
    sources: Object.fromEntries(
      fws.map((fw) => {
        const rs = runs.filter((r) => r.framework === fw);
        return [fw, { runs: rs.length, spans: spanCount(rs), clean: rs.filter((r) => isReviewedClean(r.run.labels)).length }];
      }),
    ),
    configs: Object.fromEntries(
      [...scores.keys()].map((p) => [
        p,
        {
          all: scoreSubset(scores, p, runs, () => true),
          real: scoreSubset(scores, p, runs, (r) => r.origin === 'real'),
          authored: scoreSubset(scores, p, runs, (r) => r.origin === 'authored'),
          bySource: Object.fromEntries(fws.map((fw) => [fw, scoreSubset(scores, p, runs, (r) => r.framework === fw)])),
        },
      ]),
    ),
    leaveOneSourceOut: { folds: loso, pooled: pooledHoldOut(scores, runs, loso) },
  };
}
