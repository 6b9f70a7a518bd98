import { useState } from 'react';
import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { engineWorker } from '../../workers/client';
import { useWorkbench } from '../workbench/context';
import { downloadBlob, downloadText } from './download';
import { reportFileName, transcriptFileName } from './file-names';
import { buildReport } from './report';

/** A Markdown report of this replay, and the transcript with the current labels as Loopscope JSONL. */
export function ReportSection() {
  const { id, meta, labels, outcome, pending, ready: opened } = useWorkbench();
  const [exportError, setExportError] = useState<string | null>(null);
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const ready = outcome !== null && !pending;

  const report = () => {
    if (!outcome) return;
    const md = buildReport({
      meta,
      labels,
      result: outcome.result,
      metrics: outcome.metrics,
      baseline: outcome.baseline?.metrics ?? null,
      draft,
      presetName,
      preset: presetByName(presetName),
      generatedAt: new Date().toISOString(),
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
