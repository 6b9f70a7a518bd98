import { useState } from 'react';
import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { engineWorker } from '../../workers/client';
import { useWorkbench } from '../workbench/context';
import { draftGaps, judgeOnlyBlind, JUDGE_ONLY_UNKNOWN, runFacts } from '../workbench/data-gaps';
import { downloadBlob, downloadText } from './download';
import { reportFileName, transcriptFileName } from './file-names';
import { buildReport } from './report';

/** A Markdown report of this replay, and the transcript with the current labels as Loopscope JSONL. */
export function ReportSection() {
  const { id, meta, labels, outcome, pending, ready: opened, judgeLines, hasTokens } = useWorkbench();
  const [exportError, setExportError] = useState<string | null>(null);
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const ready = outcome !== null && !pending;

  const report = () => {
    if (!outcome) return;
    const facts = runFacts({ judgeLines, hasTokens });
    // As the metrics bar says it: token totals of a run without token counts are unknown, not 0.
    const known = (m: typeof outcome.metrics) =>
      m && !hasTokens ? { ...m, tokensSaved: null, tokensWasted: null } : m;
    const md = buildReport({
      meta,
      labels,
      result: outcome.result,
      metrics: known(outcome.metrics),
      baseline: known(outcome.baseline?.metrics ?? null),
      draft,
      presetName,
      preset: presetByName(presetName),
      generatedAt: new Date().toISOString(),
      gaps: draftGaps(draft, presetName, facts),
      unknown: judgeOnlyBlind(draft, facts) ? JUDGE_ONLY_UNKNOWN : undefined,
    });
    downloadText(reportFileName(meta.title), md, 'text/markdown');
  };

  return (
    <section className="share-section" aria-labelledby="share-report">
      <h3 id="share-report">Report</h3>
      <div className="share-buttons">
        <button type="button" disabled={!ready} onClick={report}>
          {ready ? 'Download report' : 'Download report (replaying…)'}
        </button>
        <button
          type="button"
          disabled={!opened}
          onClick={() => {
            // The worker writes the file from the transcript it holds; the page only saves the Blob.
            setExportError(null);
            engineWorker()
              .exportJsonl(id, labels)
              .then(
                (blob) => downloadBlob(transcriptFileName(meta.title), blob),
                (e: unknown) => setExportError(`Could not write the transcript: ${(e as Error).message}`),
              );
          }}
        >
          Download transcript (.loop.jsonl)
        </button>
      </div>
      {exportError && <p role="alert">{exportError}</p>}
      <p className="small muted">
        The report is Markdown: config, metrics, labelled spans, every alarm and where the run stopped. The transcript
        file carries your {labels.length} label{labels.length === 1 ? '' : 's'} and opens in any Loopscope, browser or
        CLI.
      </p>
    </section>
  );
}
