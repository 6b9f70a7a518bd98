/**
 * What to import from a folder (or several files): pure grouping over relative paths and sizes,
 * shared by the CLI and the browser. An OpenHands `events/` folder (one event per file) and a
 * Cline `tasks/<id>/` folder (history plus panel log) each become one session; every other file is imported on its own by the sniffer. Files that are plainly not
 * transcripts (licences, READMEs, configs, patches, logs, sidecars) are skipped by name, unread.
 */
import { clineTaskFilesOf, isClineTaskBookkeeping } from './cline-task-files';
import { openHandsEventOrder } from './openhands-event-names';

export interface FolderEntry<F> {
  /** Relative path, '/'-separated, e.g. `sessions/3f2a/events/0.json`. */
  path: string;
  size: number;
  file: F;
}

export type ImportUnit<F> =
  | {
      kind: 'file';
      path: string;
      size: number;
      file: F;
      /**
       * True when the file need not be a transcript (no transcript extension): if no importer
       * takes it, it is skipped with a note instead of reported as a failure.
       */
      optional: boolean;
    }
  | { kind: 'openhands-events'; path: string; size: number; files: FolderEntry<F>[] }
  /** A Cline / Roo Code / Kilo Code `tasks/<id>/` folder: its history, panel log and metadata. */
  | { kind: 'cline-task'; path: string; size: number; files: FolderEntry<F>[] };

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface ImportPlan<F> {
  units: ImportUnit<F>[];
  skipped: SkippedFile[];
  /** Files the units read (an events folder counts every event file). */
  files: number;
  bytes: number;
}

const TRANSCRIPT_EXT = /\.(json|jsonl|ndjson|traj|eval)$/i;

/** Why a file is skipped unread, or undefined when it may be a transcript. */
export function skipReason(path: string): string | undefined {
  const parts = path.split('/');
  const base = parts[parts.length - 1];
  const lower = base.toLowerCase();
  if (/\.aider\.chat\.history\.md$/.test(lower)) return undefined;
  if (base.startsWith('.')) return 'a hidden file';
  if (/^(licen[cs]e|copying|notice|authors)([.-]|$)/.test(lower)) return 'a licence or notice';
  if (/^(readme|changelog|contributing|history\.md)([.-]|$)/.test(lower)) return 'documentation';
  if (lower.endsWith('.meta.json')) return "a Claude Code subagent's metadata sidecar";
  if (lower === 'logs.json') return 'the inspect_ai log listing';
  if (lower === 'history.jsonl') return 'a prompt history, not a session';
  if (lower === 'preds.json' || lower === 'all_preds.jsonl') return 'SWE-agent predictions';
  if (/^(package(-lock)?|tsconfig)\.json$/.test(lower)) return 'a config file';
  if (/\.(ya?ml|toml|ini|cfg|conf|env)$/.test(lower)) return 'a config file';
  if (/\.(patch|diff)$/.test(lower)) return 'a patch';
  if (/\.(tsv|csv)$/.test(lower)) return 'a table';
  if (lower.endsWith('.pred')) return 'a SWE-agent prediction';
  if (/\.log$/.test(lower)) return 'a log';
  if (lower.endsWith('.pkl')) return 'pickled agent state';
  if (/\.(png|jpe?g|gif|svg|webp|ico|pdf)$/.test(lower)) return 'an image or document';
  if (/\.(py|sh|js|mjs|ts|tsx|rs|go|c|h|java|rb|html|css|lock)$/.test(lower)) return 'source code';
  return undefined;
}

/**
 * Hidden folders (`.git`, `.venv`, `.cache`) are left out of a folder walk, except those where
 * agents keep their sessions: SpecStory's `.specstory` (Cursor, Copilot and Claude Code chats),
 * `.codex` (Codex rollouts), `.claude` (Claude Code projects), `.gemini`, `.openhands`.
 */
export function walksInto(folderName: string): boolean {
  return !folderName.startsWith('.') || AGENT_FOLDERS.has(folderName);
}

/** Hidden folders where agents keep their sessions: a walk goes into these, not other dot folders (`.git`). */
const AGENT_FOLDERS = new Set(['.specstory', '.codex', '.claude', '.gemini', '.openhands']);

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The event files of a folder that is an OpenHands `events/` folder, or undefined. A folder
 * called `events` needs one event-named file; any other folder must hold nothing but event-named
 * JSON files, at least two (so one stray `3.json` is still sniffed on its own).
 */
function eventFilesOf<F>(dir: string, children: FolderEntry<F>[]): FolderEntry<F>[] | undefined {
  const events = children.filter((e) => openHandsEventOrder(baseOf(e.path)) !== undefined);
  if (events.length === 0) return undefined;
  if (baseOf(dir) === 'events') return events;
  const json = children.filter((e) => /\.json$/i.test(e.path));
  return events.length >= 2 && events.length === json.length ? events : undefined;
}

const OPENHANDS_SESSION_FILES = new Set(['metadata.json', 'base_state.json']);

export function planImport<F>(entries: FolderEntry<F>[]): ImportPlan<F> {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byDir = new Map<string, FolderEntry<F>[]>();
  for (const e of sorted) {
    const d = dirOf(e.path);
    const list = byDir.get(d);
    if (list) list.push(e);
    else byDir.set(d, [e]);
  }
  const inSession = new Set<FolderEntry<F>>();
  const sessions = new Map<FolderEntry<F>, ImportUnit<F>>();
  const sessionParents = new Set<string>();
  for (const [dir, children] of byDir) {
    const events = eventFilesOf(dir, children);
    if (!events) continue;
    events.forEach((e) => inSession.add(e));
    const size = events.reduce((n, e) => n + e.size, 0);
    sessions.set(events[0], { kind: 'openhands-events', path: dir === '' ? 'events' : dir, size, files: events });
    if (baseOf(dir) === 'events') sessionParents.add(dirOf(dir));
  }
  const clineTasks = new Set<string>();
  for (const [dir, children] of byDir) {
    const task = clineTaskFilesOf(children.filter((e) => !inSession.has(e)));
    if (!task) continue;
    task.forEach((e) => inSession.add(e));
    const size = task.reduce((n, e) => n + e.size, 0);
    sessions.set(task[0], { kind: 'cline-task', path: dir === '' ? 'task' : dir, size, files: task });
    clineTasks.add(dir);
  }
  const units: ImportUnit<F>[] = [];
  const skipped: SkippedFile[] = [];
  for (const e of sorted) {
    const session = sessions.get(e);
    if (session) units.push(session);
    if (inSession.has(e)) continue;
    const why =
      sessionParents.has(dirOf(e.path)) && OPENHANDS_SESSION_FILES.has(baseOf(e.path))
        ? 'OpenHands session metadata'
        : clineTasks.has(dirOf(e.path)) && isClineTaskBookkeeping(baseOf(e.path))
          ? 'Cline task bookkeeping'
          : skipReason(e.path);
    if (why) skipped.push({ path: e.path, reason: why });
    else units.push({ kind: 'file', path: e.path, size: e.size, file: e.file, optional: !TRANSCRIPT_EXT.test(e.path) });
  }
  const files = units.reduce((n, u) => n + (u.kind === 'file' ? 1 : u.files.length), 0);
  const bytes = units.reduce((n, u) => n + u.size, 0);
  return { units, skipped, files, bytes };
}

/** One line for a file skipped unread: "skipped: LICENSE (a licence or notice)". */
export function skippedLine(s: SkippedFile): string {
  return `${s.path} (${s.reason})`;
}
