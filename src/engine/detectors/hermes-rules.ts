/**
 * Hermes Agent's tool classes, failure classifier, result hash and cycle search
 * (NousResearch/hermes-agent agent/tool_guardrails.py at
 * 06c25ac90be80f38672ba0169814d9620fe8c9fa), shared by the hermes-guard detector.
 */
import { canonicalJson } from '../fingerprint';

export const HERMES_IDEMPOTENT_TOOLS = [
  'read_file', 'search_files', 'web_search', 'web_extract', 'session_search', 'skill_view', 'skills_list',
  'browser_snapshot', 'browser_console', 'browser_get_images', 'mcp_filesystem_read_file',
  'mcp_filesystem_read_text_file', 'mcp_filesystem_read_multiple_files', 'mcp_filesystem_list_directory',
  'mcp_filesystem_list_directory_with_sizes', 'mcp_filesystem_directory_tree', 'mcp_filesystem_get_file_info',
  'mcp_filesystem_search_files',
]; // prettier-ignore

export const HERMES_MUTATING_TOOLS = [
  'terminal', 'execute_code', 'write_file', 'patch', 'todo_list', 'memory', 'skill_manage',
  'browser_click', 'browser_type', 'browser_press', 'browser_scroll', 'browser_navigate',
  'send_message', 'cronjob_manage', 'delegate_task', 'process_manage',
]; // prettier-ignore

/** FAILURE_TOLERANT_TOOL_NAMES: a run of different failing commands is diagnosis, never halted. */
export const HERMES_FAILURE_TOLERANT = new Set([
  'terminal', 'execute_code', 'process_manage', 'process', 'browser_navigate', 'web_extract',
]); // prettier-ignore

/** PROGRESS_RESET_TOOL_NAMES: a success of one of these is progress for every failing call. */
export const HERMES_PROGRESS_RESET = new Set([
  'write_file', 'patch', 'terminal', 'execute_code', 'browser_click', 'browser_type', 'browser_press',
  'browser_navigate', 'process_manage', 'process', 'delegate_task', 'send_message', 'cronjob',
  'cronjob_manage', 'todo', 'todo_list', 'memory', 'skill_manage',
]); // prettier-ignore

/** Pollers: re-invoked with identical arguments legitimately (is_stall_guard_repeatable). */
export function hermesRepeatable(name: string): boolean {
  return name === 'process_manage' || name.endsWith('_get_result') || name.endsWith('_poll');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** classify_tool_failure: exit code of a terminal result, a full memory, or an error marker. */
export function hermesFailed(name: string, result: string): boolean {
  if (name === 'terminal') {
    const r = parseJson(result);
    const code =
      r.ok && r.value !== null && typeof r.value === 'object'
        ? (r.value as { exit_code?: unknown }).exit_code
        : undefined;
    // Python's `exit_code != 0`: False equals 0 there.
    return code !== undefined && code !== null && code !== 0 && code !== false;
  }
  if (name === 'memory') {
    const r = parseJson(result);
    if (r.ok && r.value !== null && typeof r.value === 'object' && !Array.isArray(r.value)) {
      const v = r.value as { success?: unknown; error?: unknown };
      if (v.success === false && typeof v.error === 'string' && v.error.includes('exceed the limit')) return true;
    }
  }
  const lower = result.slice(0, 500).toLowerCase();
  return lower.includes('"error"') || lower.includes('"failed"') || result.startsWith('Error');
}

/** _result_hash's input: parsed JSON re-written with sorted keys (execute_code's bookkeeping dropped), else the text. */
export function hermesResultKey(result: string, name: string): string {
  const r = parseJson(result);
  if (!r.ok || r.value === null) return `T:${result}`;
  let v = r.value;
  if (name === 'execute_code' && typeof v === 'object' && !Array.isArray(v)) {
    const { duration_seconds: _d, ...rest } = v as Record<string, unknown>;
    const kernel = rest.kernel;
    if (kernel !== null && typeof kernel === 'object' && !Array.isArray(kernel)) {
      const { execution_count: _c, ...k } = kernel as Record<string, unknown>;
      rest.kernel = k;
    }
    v = rest;
  }
  return `J:${canonicalJson(v)}`;
}

export interface HermesObserved {
  sig: string;
  result: string;
  repeatable: boolean;
}

/** _detect_identical_cycle: the smallest period 2..maxPeriod whose trailing laps reach `minLaps`. */
export function hermesCycle(history: HermesObserved[], maxPeriod: number, minLaps: number): [number, number] | null {
  const n = history.length;
  const same = (x: HermesObserved, y: HermesObserved) => x.sig === y.sig && x.result === y.result;
  for (let period = 2; period <= maxPeriod; period++) {
    if (n < period * minLaps) continue;
    let laps = 1;
    for (;;) {
      const base = n - period * (laps + 1);
      if (base < 0) break;
      let equal = true;
      for (let i = 0; i < period && equal; i++) equal = same(history[base + i], history[n - period + i]);
      if (!equal) break;
      laps++;
    }
    if (laps < minLaps) continue;
    if (history.slice(n - period).every((h) => h.repeatable)) continue;
    return [period, laps];
  }
  return null;
}
