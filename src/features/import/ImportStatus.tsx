import { useAppStore } from '../../state/store';
import { cancelImport } from './run-import';

function mb(n: number): string {
  return n < 1e6 ? `${Math.round(n / 1e3)} KB` : `${(n / 1e6).toFixed(1)} MB`;
}

/** Progress bars for running imports, and what each finished import found or why it failed. */
export function ImportStatus() {
  const jobs = useAppStore((s) => s.jobs);
  const dismiss = useAppStore((s) => s.dismissJob);
  if (jobs.length === 0) return null;
  return (
    <section className="import-status" aria-label="Imports">
      {jobs.map((j) => (
        <div key={j.id} className={`import-job ${j.status}`} role={j.status === 'error' ? 'alert' : 'status'}>
          {j.status === 'running' ? (
            <>
              <span>Importing {j.fileName}</span>
              <progress
                max={j.total || 1}
                value={j.read}
                aria-label={`Import progress of ${j.fileName}`}
              />
              <span className="muted">
                {mb(j.read)} / {mb(j.total)}
              </span>
              <button type="button" onClick={() => cancelImport(j.id)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <span className="import-message">{j.message}</span>
              {j.warnings.length > 0 && (
                <details>
                  <summary>
                    {j.warnings.length} line{j.warnings.length === 1 ? '' : 's'} skipped
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
