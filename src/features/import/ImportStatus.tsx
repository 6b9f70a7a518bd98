import { jobActive, type ImportJob } from '../../state/import-slice';
import { useAppStore } from '../../state/store';
import { useLeaveGuard } from './useLeaveGuard';
import { answerDuplicate } from './duplicate-question';
import { cancelImport } from './run-import';

function mb(n: number): string {
  return n < 1e6 ? `${Math.round(n / 1e3)} KB` : `${(n / 1e6).toFixed(1)} MB`;
}

/** An import's message, one line (an unrecognised file too: src/import/unknown-format.ts), as text. */
function ImportMessage({ message }: { message: string }) {
  return <span className="import-message">{message}</span>;
}

const MAX_DONE_SHOWN = 3;

/** A running folder job: the whole folder's bar, "k of n files", and the file being read. */
function FolderRunning({ job }: { job: ImportJob }) {
  const f = job.folder!;
  return (
    <>
      <span>Importing {job.fileName}</span>
      <progress max={job.total || 1} value={job.read} aria-label={`Import progress of ${job.fileName}`} />
      <span className="muted">
        {f.done} of {f.count} files · {mb(job.read)} / {mb(job.total)}
      </span>
      {f.current !== undefined && (
        <span className="import-current">
          <span className="muted">reading</span> <span className="mono">{f.current}</span>{' '}
          <progress
            className="small"
            max={f.currentTotal || 1}
            value={f.currentRead}
            aria-label={`Import progress of the current file`}
          />
        </span>
      )}
      <button type="button" onClick={() => cancelImport(job.id)}>
        Cancel
      </button>
    </>
  );
}

/** What a finished folder job left out: failures named in full, skipped files folded. */
function FolderOutcome({ job }: { job: ImportJob }) {
  const f = job.folder!;
  return (
    <>
      {f.failures.length > 0 && (
        <ul className="warnings import-failures" aria-label="Files that failed">
          {f.failures.slice(0, 50).map((l, i) => (
            <li key={i}>{l}</li>
          ))}
          {f.failures.length > 50 && <li>… and {f.failures.length - 50} more</li>}
        </ul>
      )}
      {f.skipped.length > 0 && (
        <details>
          <summary>{f.skipped.length} skipped (not transcripts)</summary>
          <ul className="warnings">
            {f.skipped.slice(0, 200).map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** The file is already in the library: replace the stored copy, keep both, or leave it. */
function DuplicatePrompt({ job }: { job: ImportJob }) {
  const d = job.duplicate!;
  const first = d.existing[0];
  const more = d.existing.length > 1 ? ` and ${d.existing.length - 1} more` : '';
  return (
    <>
      <span className="import-message" data-testid="duplicate-import">
        <strong>{d.file}</strong> is already in the library as “{first.title}”{more}
        {first.fileName !== d.file ? ` (from ${first.fileName})` : ''}.
        {d.folder && <span className="muted"> The answer holds for every file of this folder already there.</span>}
      </span>
      <button type="button" className="primary" onClick={() => answerDuplicate(job.id, 'replace')}>
        Replace
      </button>
      <button type="button" onClick={() => answerDuplicate(job.id, 'keep')}>
        Keep both
      </button>
      {d.folder && (
        <button type="button" onClick={() => answerDuplicate(job.id, 'skip')}>
          Skip
        </button>
      )}
      <button type="button" onClick={() => cancelImport(job.id)}>
        Cancel
      </button>
    </>
  );
}

/** Progress bars for running imports, and what each finished import found or why it failed. */
export function ImportStatus() {
  const all = useAppStore((s) => s.jobs);
  // Finished imports would pile up above the library: keep the newest few, and every problem.
  const done = all.filter((j) => j.status === 'done');
  const jobs = all.filter((j) => j.status !== 'done' || done.indexOf(j) >= done.length - MAX_DONE_SHOWN);
  const dismiss = useAppStore((s) => s.dismissJob);
  const dismissAll = useAppStore((s) => s.dismissFinished);
  useLeaveGuard(all);
  if (jobs.length === 0) return null;
  const finished = all.filter((j) => !jobActive(j)).length;
  return (
    <section className="import-status" aria-label="Imports">
      {finished > 1 && (
        <div className="import-status-head">
          <span className="muted small">
            {finished} finished import{finished === 1 ? '' : 's'}
          </span>
          <button type="button" onClick={dismissAll}>
            Dismiss all
          </button>
        </div>
      )}
      {jobs.map((j) => (
        <div key={j.id} className={`import-job ${j.status}`} role={j.status === 'error' ? 'alert' : 'status'}>
          {j.status === 'asking' && j.duplicate ? (
            <DuplicatePrompt job={j} />
          ) : j.status === 'storing' ? (
            <span>Storing {j.fileName}…</span>
          ) : j.status === 'running' && j.folder ? (
            <FolderRunning job={j} />
          ) : j.status === 'running' ? (
            <>
              <span>Importing {j.fileName}</span>
              <progress max={j.total || 1} value={j.read} aria-label={`Import progress of ${j.fileName}`} />
              <span className="muted">
                {mb(j.read)} / {mb(j.total)}
              </span>
              <button type="button" onClick={() => cancelImport(j.id)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <ImportMessage message={j.message ?? ''} />
              {j.folder && <FolderOutcome job={j} />}
              {j.warnings.length > 0 && (
                <details>
                  <summary>
                    {j.warnings.length} warning{j.warnings.length === 1 ? '' : 's'}
                  </summary>
                  <ul className="warnings">
                    {j.warnings.slice(0, 200).map((w, i) => (
                      <li key={i}>{w}</li>
                    ))}
                  </ul>
                </details>
              )}
              <button type="button" aria-label="Dismiss" onClick={() => dismiss(j.id)}>
                ×
              </button>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
