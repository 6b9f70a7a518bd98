import { useEffect } from 'react';
import { jobActive, type ImportJob } from '../../state/import-slice';

/**
 * While an import is still running or storing, leaving or reloading the page asks first: the
 * import lives in this page's worker, and what it had not stored yet is dropped with it (the
 * library keeps all of an import or none of it), so a reload right after a drop lost the run.
 */
export function useLeaveGuard(jobs: readonly ImportJob[]): void {
  const busy = jobs.some(jobActive);
  useEffect(() => {
    if (!busy) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older browsers need it set to ask
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);
}
