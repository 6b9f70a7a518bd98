/**
 * The `edit` calls of one Aider reply and what the harness answered about them. Each
 * SEARCH/REPLACE block of the reply is a call `edit {path, search, replace}` from the start; the
 * harness lines that follow give it its result:
 *   `Applied edit to <path>`             every block on <path> applied (aider prints one line a file)
 *   `Did not apply edit to <path> (--dry-run)`   the same, with `dryRun: true`
 *   a "SEARCH/REPLACE block failed to match" report   its section on the block, as an error; the
 *                                        blocks it does not list were applied when it says so
 *   a lint or test report ("Attempt to fix lint errors?")   appended to the edits it answers, as an error
 * A file applied without a block (the whole-file format, a diff) becomes `edit {path, content}`
 * when a fenced block follows a line naming it, else `edit {path}`. Blocks the harness never
 * answered (an /ask reply, a declined file, a reply cut off) are dropped when the turn ends:
 * nothing ran.
 */
import type { CallDraft } from '../model/normalize';
import { parseEditBlocks, parseFailureReport, wholeFileBlocks, type WholeFileBlock } from './aider-edits';

interface BlockCall {
  call: CallDraft;
  path: string;
  /** The SEARCH text with line ends trimmed, to find the block in a failure report. */
  key: string;
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const searchKey = (path: string, search: string) =>
  `${path}\u0000${search
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trim()}`;
/** "## Running: <lint command> <file>" heads each file's section of a lint report. */
const LINT_RUNNING = /^## Running: (.*)$/gm;

/** A report goes on at most this many edits (a hostile reply may hold thousands of blocks). */
const MAX_REPORT_COPIES = 32;
/** A failure report's closing lines longer than this go on its last failed block only. */
const TAIL_SHARED_MAX = 2000;

export class TurnEdits {
  private readonly blocks: BlockCall[] = [];
  /** Unanswered blocks by path and by file name; a list goes when a line answers it. */
  private readonly byPath = new Map<string, BlockCall[]>();
  private readonly byName = new Map<string, BlockCall[]>();
  private unanswered = 0;
  private whole: Map<string, WholeFileBlock[]> | null = null;
  /** Aider sends one reflection a reply: later reports in the same turn are context. */
  private reflection = false;
  private stop = false;

  constructor(
    private readonly calls: CallDraft[],
    /** The reply's lines, kept while the turn is open for a whole-file edit's content. */
    private readonly lines: readonly string[],
  ) {
    for (const b of parseEditBlocks(lines)) {
      const call: CallDraft = { name: 'edit', args: { path: b.path, search: b.search, replace: b.replace } };
      calls.push(call);
      const bc = { call, path: b.path, key: searchKey(b.path, b.search) };
      this.blocks.push(bc);
      push(this.byPath, b.path, bc);
      push(this.byName, baseName(b.path), bc);
    }
    this.unanswered = this.blocks.length;
  }

  /** `Applied edit to <path>` (or its dry-run form). */
  applied(path: string, dryRun: boolean, text: string): void {
    const result = { content: text, isError: false };
    const list = take(this.byPath, path) ?? take(this.byName, baseName(path)) ?? [];
    let found = false;
    for (const b of list) {
      if (b.call.result) continue;
      b.call.result = result;
      if (dryRun) b.call.args = { ...(b.call.args as object), dryRun: true };
      this.unanswered--;
      found = true;
    }
    if (found) return;
    const args: Record<string, unknown> = { path };
    const w = this.wholeFile(path);
    if (w) args.content = this.lines.slice(w.start, w.end).join('\n');
    if (dryRun) args.dryRun = true;
    this.calls.push({ name: 'edit', args, result });
  }

  /** "The LLM did not conform to the edit format." and the report after it. */
  failed(report: string): void {
    const r = parseFailureReport(report);
    const open = new Map<string, BlockCall[]>();
    if (this.unanswered > 0) for (const b of this.blocks) if (!b.call.result) push(open, b.key, b);
    const tail = r.tail.length <= TAIL_SHARED_MAX ? r.tail : '';
    const paths: string[] = [];
    r.blocks.forEach((f, i) => {
      const end = i === r.blocks.length - 1 ? r.tail : tail;
      const content = [r.head, f.text, end].filter((s) => s !== '').join('\n\n');
      const b = open.get(searchKey(f.path, f.search))?.shift();
      if (b) {
        b.call.result = { content, isError: true };
        this.unanswered--;
      } else if (this.blocks.length > 0)
        this.calls.push({
          name: 'edit',
          args: { path: f.path, search: f.search, replace: f.replace },
          result: { content, isError: true },
        });
      else paths.push(f.path);
    });
    // Older aider versions: "Failed to apply edit to <path>", no report of the blocks.
    const older = /^Failed to apply edit to (.+)$/m.exec(report);
    if (older) paths.push(older[1]);
    if (this.unanswered > 0) {
      // Not listed: applied when the report says the others were, else the whole reply failed
      // (a block without a filename, a missing divider).
      const result = r.othersApplied
        ? { content: r.othersApplied, isError: false }
        : { content: report.trim(), isError: true };
      for (const b of this.blocks) if (!b.call.result) b.call.result = result;
      this.unanswered = 0;
    } else if (this.blocks.length === 0 && (paths.length > 0 || r.blocks.length === 0)) {
      // No block in the reply to attach it to (another edit format): one call for the report.
      const unique = [...new Set(paths)];
      const args = unique.length > 1 ? { path: unique[0], paths: unique } : unique.length ? { path: unique[0] } : {};
      this.calls.push({ name: 'edit', args, result: { content: report.trim(), isError: true } });
    }
  }

  /**
   * A lint or test report sent back to the model: an error of the edits it answers (a lint
   * report's files; every edit for a test report), or of the whole turn's edits when it names none.
   * Returns false when it is not attached (no edit in the turn, or the turn already has one).
   */
  reflected(report: string, kind: 'lint' | 'test'): boolean {
    if (this.reflection) return false;
    const edits = this.calls.filter((c) => c.name === 'edit' && c.result);
    if (edits.length === 0) return false;
    this.reflection = true;
    let hit = edits;
    if (kind === 'lint') {
      const linted = [...report.matchAll(LINT_RUNNING)].map((m) => m[1]);
      const named = edits.filter((c) => linted.some((cmd) => cmd.endsWith(` ${pathOf(c)}`)));
      if (named.length > 0) hit = named;
    }
    for (const c of hit.slice(-MAX_REPORT_COPIES)) appendResult(c, report);
    return true;
  }

  /** "Only 3 reflections allowed, stopping.": the last errors stay unanswered. */
  stopped(text: string): boolean {
    if (this.stop) return false;
    this.stop = true;
    const errors = this.calls.filter((c) => c.name === 'edit' && c.result?.isError === true);
    for (const c of errors.slice(-MAX_REPORT_COPIES)) appendResult(c, text);
    return errors.length > 0;
  }

  /** The turn is over: blocks nobody answered were never run. */
  close(): void {
    if (this.unanswered === 0) return;
    const dropped = new Set(this.blocks.filter((b) => !b.call.result).map((b) => b.call));
    const kept = this.calls.filter((c) => !dropped.has(c));
    this.calls.length = 0;
    for (const c of kept) this.calls.push(c);
    this.unanswered = 0;
  }

  private wholeFile(path: string): WholeFileBlock | undefined {
    if (!this.whole) {
      this.whole = new Map();
      for (const w of wholeFileBlocks(this.lines)) push(this.whole, w.path, w);
    }
    return this.whole.get(path)?.shift();
  }
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

function take<T>(m: Map<string, T[]>, k: string): T[] | undefined {
  const list = m.get(k);
  m.delete(k);
  return list;
}

function pathOf(c: CallDraft): string {
  const a = c.args as { path?: unknown } | undefined;
  return typeof a?.path === 'string' ? a.path : '';
}

function appendResult(c: CallDraft, text: string): void {
  const before = c.result?.content;
  c.result = { content: typeof before === 'string' && before !== '' ? `${before}\n\n${text}` : text, isError: true };
}
