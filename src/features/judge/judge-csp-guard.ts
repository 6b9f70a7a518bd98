/**
 * Fail closed when public/judge-csp.js did not run (not served, blocked, or it threw before adding
 * its policy): the ceiling in index.html allows any https origin, so the app adds the narrow
 * policy itself, loopback only. No remote endpoint is then reachable until the script loads again.
 */

/** The policy public/judge-csp.js adds when no remote origin is configured. */
export const LOOPBACK_ONLY = "connect-src 'self' http://127.0.0.1:* http://localhost:*";

type PolicyDocument = Pick<Document, 'getElementById' | 'createElement' | 'head'>;

/** Whether the page runs on the fallback policy: a reload allows a remote endpoint only once the script loads. */
export function judgePolicyFellBack(doc: Pick<Document, 'getElementById'> = document): boolean {
  return doc.getElementById('judge-csp')?.hasAttribute('data-fallback') ?? false;
}

/** Adds the loopback-only policy when the judge policy is missing; true when it had to. */
export function ensureJudgePolicy(doc: PolicyDocument = document): boolean {
  if (doc.getElementById('judge-csp')) return false;
  const meta = doc.createElement('meta');
  meta.id = 'judge-csp';
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = LOOPBACK_ONLY;
  meta.setAttribute('data-fallback', 'judge-csp.js did not run');
  doc.head.appendChild(meta);
  return true;
}
