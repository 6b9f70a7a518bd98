/**
 * Reads one Aider session (see aider.ts for the file layout). A reply is the assistant turn; its
 * edits and the harness messages that record actions become calls of that turn:
 *   SEARCH/REPLACE blocks, `Applied edit to <f>`,   edit {path, search, replace} / {path, content}
 *   failure and lint/test reports                  with their outcome (aider-turn-edits.ts)
 *   `Running <cmd>`                 run {command}  (following harness lines = its output;
 *                                                   "exited with status N" = isError)
 *   `Commit <hash> <msg>`           commit {hash, message}
 *   `#### /run <cmd>`, `#### /test <cmd>`   run / test {command} of the last reply: the human
 *                                   checking it; the output is the result, and a /test whose
 *                                   output went to the model (a reply follows) failed
 *   `Tokens: 1.2k sent, 345 received`  tokens of the preceding turn (cost, cached tokens in extra).
 * Other harness output becomes a `system` context message of the next turn.
 */
import type { ContextMessage } from '../model/transcript';
import type { CallDraft, TurnDraft } from '../model/normalize';
import {
  ADDED_OUTPUT,
  ADD_OUTPUT,
  REFLECT,
  REFLECTIONS_STOP,
  classifyHarness,
  isFailureLine,
  reflectionStart,
  userShellCall,
  withoutEcho,
} from './aider-lines';
import { TurnEdits } from './aider-turn-edits';

/** Harness lines that end a reply even when it left a code block open (a reply cut off by ^C). */
const HARNESS_IN_CODE = /^> (Tokens: |Applied edit to |Commit [0-9a-f]{7})/;

interface OpenResult {
  /** The run being read; none for an edit failure report (its calls come when it ends). */
  call?: CallDraft;
  kind: 'run' | 'edit';
  lines: string[];
  /** undefined for a run without a printed failure: aider prints no status on success. */
  failed: boolean | undefined;
  /** "Add … output to the chat?" was asked: only "Added N lines of output" still belongs to it. */
  asked?: boolean;
}

export const blankLine = (line: string) => line.trim() === '';

/** A line without aider's markdown line break ("  ") and without its "> " or "#### " marker. */
function body(line: string, marker: number): string {
  const end = line.endsWith('  ') ? line.length - 2 : line.length;
  return line.slice(Math.min(marker, end), end);
}

/** One `# aider chat started at` session being read. */
export class SessionReader {
  readonly turns: TurnDraft[] = [];
  private pending: ContextMessage[] = [];
  private mode: 'none' | 'user' | 'assistant' = 'none';
  private user: string[] = [];
  private text: string[] = [];
  private harness: string[] = [];
  /** A harness message whose first line had no closing "  ": its next lines are part of it. */
  private tool: string[] | null = null;
  private result: OpenResult | null = null;
  /** The edits of the last reply, until the next human input or reply. */
  private edits: TurnEdits | null = null;
  /** this.harness held this many messages when the last call was recorded: a report starts after. */
  private mark = 0;
  /** True from an assistant reply until the next human input: harness actions are its calls. */
  private afterAssistant = false;
  private blanks = 0;
  /** The previous line belonged to a harness message. */
  private prevTool = false;
  /** Inside a harness message whose "  " came early: lasts until the next "> " or "####" line. */
  private overflow = false;
  private fence = false;
  private source = false;
  firstRequest?: string;
  firstInput?: string;

  constructor(readonly startedAt: string | undefined) {}

  feed(line: string): void {
    if (this.tool) {
      this.prevTool = true;
      this.tool.push(line);
      // aider strips the message before adding "  ", so its last line is never all spaces
      // (indented blank lines of a pasted traceback end in "  " too).
      if (line.endsWith('  ') && !blankLine(line)) this.endTool();
      return;
    }
    const c = line.charCodeAt(0);
    const isTool = c === 62 && (line.length === 1 || line.charCodeAt(1) === 32);
    const isUser = c === 35 && line.startsWith('####') && (line.length === 4 || line.charCodeAt(4) === 32);
    if (this.overflow) {
      if (!isTool && !isUser) return this.harnessLine(line);
      this.overflow = false;
    }
    if (blankLine(line)) {
      this.blanks++;
      if (this.mode === 'user') this.endUser();
      else if (this.mode === 'assistant') this.text.push(line);
      return;
    }
    const blanks = this.blanks;
    const prevTool = this.prevTool;
    this.blanks = 0;
    this.prevTool = isTool;
    if (this.mode === 'assistant') {
      // The reply itself may quote ("> ") or use "####" headings: only a marker after a blank line,
      // closed by aider's "  " or outside a code block, ends the reply.
      const marked = line.endsWith('  ');
      const inCode = (this.fence || this.source) && !HARNESS_IN_CODE.test(line);
      if (isTool && blanks >= 1 && (marked || !inCode)) {
        this.endText();
        this.startTool(line);
      } else if (isUser && blanks >= 1 && (marked || (!inCode && blanks >= 2))) {
        this.endText();
        this.startUser(line);
      } else {
        this.trackFence(line);
        this.text.push(line);
      }
      return;
    }
    if (isTool) {
      if (this.mode === 'user') this.endUser();
      this.startTool(line);
    } else if (prevTool && blanks === 0 && !isUser) {
      // A reply always follows a blank line: this is more of a harness message whose "  " came
      // early (a padded confirm subject, a pasted diff of markdown with its own line breaks).
      this.overflow = true;
      this.harnessLine(line);
    } else if (isUser) {
      if (this.mode === 'user') this.user.push(body(line, 5));
      else this.startUser(line);
    } else {
      if (this.mode === 'user') this.endUser();
      this.startText(line);
    }
  }

  finish(): ContextMessage[] {
    if (this.tool) this.endTool();
    if (this.mode === 'user') this.endUser();
    if (this.mode === 'assistant') this.endText();
    this.closeResult();
    this.closeEdits();
    this.flushHarness();
    return this.pending;
  }

  private trackFence(line: string): void {
    const t = line.trimStart();
    if (t.startsWith('```')) this.fence = !this.fence;
    else if (t.startsWith('<source')) this.source = true;
    else if (t.startsWith('</source>')) this.source = false;
  }

  private startUser(line: string): void {
    this.flushHarness();
    this.closeResult();
    this.closeEdits();
    this.afterAssistant = false;
    this.mode = 'user';
    this.user = [body(line, 5)];
  }

  private endUser(): void {
    const text = this.user.join('\n');
    this.pending.push({ role: 'user', text });
    this.firstInput ??= text;
    if (this.firstRequest === undefined && !text.startsWith('/')) this.firstRequest = text;
    this.mode = 'none';
    this.user = [];
    this.userShell(this.pending[this.pending.length - 1].text.split('\n', 1)[0]);
  }

  /** `/run`, `/test`: a call of the last reply, its output the harness lines that follow. */
  private userShell(input: string): void {
    const call = this.turns.length > 0 ? userShellCall(input) : undefined;
    if (!call) return;
    this.addCall(call);
    this.result = { call, kind: 'run', lines: [], failed: undefined };
  }

  private startText(line: string): void {
    // A /test whose output went to the model: aider sends it only when the tests failed.
    if (this.result?.call?.name === 'test') this.result.failed = true;
    this.flushHarness();
    this.closeResult();
    this.closeEdits();
    this.turns.push({ text: '', calls: [], before: this.pending });
    this.pending = [];
    this.mode = 'assistant';
    this.fence = false;
    this.source = false;
    this.text = [line];
    this.trackFence(line);
    this.afterAssistant = true;
  }

  private endText(): void {
    while (this.text.length && blankLine(this.text[this.text.length - 1])) this.text.pop();
    const turn = this.turns[this.turns.length - 1];
    turn.text = this.text.join('\n');
    this.edits = new TurnEdits(turn.calls!, this.text);
    this.mark = this.harness.length;
    this.text = [];
    this.mode = 'none';
  }

  private startTool(line: string): void {
    if (line.length > 1 && !line.endsWith('  ')) this.tool = [line.slice(2)];
    else this.harnessMessage(body(line, 2));
  }

  private endTool(): void {
    const lines = this.tool!;
    this.tool = null;
    const last = lines.length - 1;
    if (lines[last].endsWith('  ')) lines[last] = lines[last].slice(0, -2);
    this.harnessMessage(lines.join('\n'));
  }

  private flushHarness(): void {
    this.mark = 0;
    if (this.harness.length === 0) return;
    this.pending.push({ role: 'system', text: this.harness.join('\n') });
    this.harness = [];
  }

  private closeResult(): void {
    const r = this.result;
    if (!r) return;
    this.result = null;
    const content = withoutEcho(r.lines).join('\n').trim();
    if (r.call) r.call.result = { content, isError: r.failed };
    else this.edits?.failed(content);
    this.mark = this.harness.length;
  }

  private closeEdits(): void {
    this.edits?.close();
    this.edits = null;
  }

  private addCall(call: CallDraft): void {
    this.turns[this.turns.length - 1].calls!.push(call);
    this.mark = this.harness.length;
  }

  /**
   * "Attempt to fix lint errors?" ends the report aider sends back to the model: from
   * "# Fix any errors below" (lint) or from the last call (a test run's output) to the question.
   */
  private reflection(kind: 'lint' | 'test', question: string): boolean {
    if (!this.edits) return false;
    let from = reflectionStart(this.harness, this.mark, kind);
    const report = [...withoutEcho(this.harness.slice(from)), question].join('\n').trim();
    if (!this.edits.reflected(report, kind)) return false;
    // The blank line aider prints before the report goes with it.
    while (from > 0 && this.harness[from - 1].trim() === '') from--;
    this.harness.length = from;
    this.mark = from;
    return true;
  }

  private harnessMessage(text: string): void {
    const ev = classifyHarness(text);
    const turn = this.afterAssistant ? this.turns[this.turns.length - 1] : undefined;
    if (ev.kind === 'tokens') {
      this.closeResult();
      if (turn && !turn.tokens) {
        const t = ev.tokens;
        turn.tokens = { input: t.input, output: t.output };
        const extra: Record<string, number> = {};
        if (t.cached !== undefined) extra.cachedTokens = t.cached;
        if (t.cacheWrite !== undefined) extra.cacheWriteTokens = t.cacheWrite;
        if (t.cost !== undefined) extra.cost = t.cost;
        if (Object.keys(extra).length) turn.extra = { ...turn.extra, ...extra };
        return;
      }
      // A request that failed ("Error during API call") still reports tokens: kept as context.
    } else if (turn && this.edits && ev.kind === 'applied') {
      this.closeResult();
      this.edits.applied(ev.path, ev.dryRun, text);
      this.mark = this.harness.length;
      return;
    } else if (turn && this.edits && ev.kind === 'edit-failed') {
      this.closeResult();
      this.result = { kind: 'edit', lines: [text], failed: true };
      return;
    } else if (turn && ev.kind === 'running') {
      this.closeResult();
      const call: CallDraft = { name: 'run', args: { command: ev.command } };
      this.addCall(call);
      this.result = { call, kind: 'run', lines: [], failed: undefined };
      return;
    } else if (turn && ev.kind === 'commit') {
      this.closeResult();
      this.addCall({
        name: 'commit',
        args: { hash: ev.hash, message: ev.message },
        result: { content: text, isError: false },
      });
      return;
    } else if (text.startsWith('^C') || text.startsWith('You can use /undo')) {
      // The user's interrupt, or aider's closing note on its commits, ends any output read.
      this.closeResult();
    } else if (this.result?.asked) {
      // After "Add … output to the chat?" only the count of lines added is still the run's.
      if (ADDED_OUTPUT.test(text)) {
        this.resultLine(text);
        if (this.result.call?.name === 'test') this.result.failed = true;
        this.closeResult();
        return;
      }
      this.closeResult();
      return this.harnessMessage(text);
    } else if (this.result?.kind === 'run' && ADD_OUTPUT.test(text)) {
      this.resultLine(text);
      this.result.asked = true;
      return;
    } else if (turn && REFLECT.test(text)) {
      this.closeResult();
      if (this.reflection(REFLECT.exec(text)![1] as 'lint' | 'test', text)) return;
    } else if (turn && !this.result && REFLECTIONS_STOP.test(text) && this.edits?.stopped(text)) {
      return;
    } else if (ev.kind === 'prompt') {
      // "Run shell command?" shows the command first: that line is the next command's subject,
      // not output of the previous run.
      const r = this.result;
      if (r?.kind === 'run' && r.lines.length && /^Run shell command/.test(ev.question))
        this.harness.push(r.lines.pop()!);
      this.closeResult();
    } else if (this.result) {
      this.resultLine(text);
      return;
    }
    this.harness.push(text);
  }

  private harnessLine(line: string): void {
    if (this.result) this.resultLine(line);
    else this.harness.push(line);
  }

  private resultLine(text: string): void {
    const r = this.result!;
    r.lines.push(text);
    if (r.kind === 'run' && isFailureLine(text)) r.failed = true;
  }
}
