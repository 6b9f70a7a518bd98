/**
 * Qwen Code's shell inspection stagnation key (loopDetectionService.ts `getShellInspectionKey`):
 * a `run_shell_command` whose every chained segment is an overview `git status`, `git diff` or
 * `git ls-files` (a diff of revisions and flags only, no pathspec). Such calls share one key, so
 * rewriting the same overview check in other words still counts as the same action.
 */
import type { Json } from '../../model/transcript';

export const GIT_OVERVIEW = /^git(?:\s+(?:-C\s+\S+|--no-pager))*\s+(status|diff|ls-files)\b/i;

function isGitRevisionToken(token: string): boolean {
  return (
    token === 'HEAD' ||
    token === '@' ||
    /^(?:HEAD|@)(?:[~^]\d*)+$/.test(token) ||
    /^[0-9a-f]{7,40}$/i.test(token) ||
    /^[^\s]+\.{2,3}[^\s]+$/.test(token)
  );
}

function isOverviewGitDiff(args: string): boolean {
  const trimmed = args.trim();
  if (!trimmed) return true;
  const tokens = trimmed.split(/\s+/);
  const sep = tokens.indexOf('--');
  if (sep !== -1 && sep < tokens.length - 1) return false;
  return tokens.every((t) => t.startsWith('-') || isGitRevisionToken(t));
}

export function isGitOverviewInspection(command: string): boolean {
  const segments = command
    .split(/&&|\|\||[;&|\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0) return false;
  return segments.every((segment) => {
    const m = GIT_OVERVIEW.exec(segment);
    if (!m) return false;
    return m[1].toLowerCase() !== 'diff' || isOverviewGitDiff(segment.slice(m[0].length));
  });
}

/** The stagnation key of a call, or null when it is not an overview inspection. */
export function shellInspectionKey(name: string, args: Json): string | null {
  if (name !== 'run_shell_command' || args === null || typeof args !== 'object' || Array.isArray(args)) return null;
  const command = args.command;
  if (typeof command !== 'string') return null;
  return isGitOverviewInspection(command) ? 'run_shell_command:git-inspection' : null;
}
