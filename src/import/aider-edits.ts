/**
 * The edits written in an Aider reply and the report Aider prints when some fail. The rules follow
 * aider/coders/editblock_coder.py (Aider-AI/aider): a SEARCH/REPLACE block is
 *   <filename>            on one of the 3 lines before the block (fence lines may sit between)
 *   <<<<<<< SEARCH
 *   lines to find
 *   =======
 *   lines to put instead
 *   >>>>>>> REPLACE
 * and a block without a filename of its own edits the file named by the block before it. A
 * whole-file edit ("whole" edit format) is a filename line followed by a fenced block. Every scan
 * here is one pass over the lines: a reply of a megabyte of unterminated blocks stays linear.
 */

export interface EditBlock {
  path: string;
  search: string;
  replace: string;
}

const HEAD = '<<<<<<< SEARCH';
const DIVIDER = '=======';
const UPDATED = '>>>>>>> REPLACE';
const FENCE = '```';
/** Longest line taken for a filename: a longer one is prose, not a path. */
const FILENAME_MAX = 250;

/** A fence line: ``` or the <source> fence aider uses for files that hold ``` themselves. */
function isFence(trimmed: string): boolean {
  return trimmed.startsWith(FENCE) || trimmed.startsWith('<source') || trimmed.startsWith('</source>');
}

/** aider's strip_filename: the filename a line names, or undefined ("...", a fence, a blank). */
export function stripFilename(line: string): string | undefined {
  let f = line.trim();
  if (f === '...' || isFence(f) || f.length > FILENAME_MAX) return undefined;
  // A block's own marker is no filename: the block before it names the file.
  if (f === HEAD || f === DIVIDER || f === UPDATED) return undefined;
  f = f.replace(/:+$/, '').replace(/^#+/, '').trim();
  f = f.replace(/^`+|`+$/g, '').replace(/^\*+|\*+$/g, '');
  f = f.replaceAll('\\_', '_');
  return f === '' ? undefined : f;
}

/** aider's find_filename: walk back up to 3 lines, past fence lines only. */
function filenameBefore(lines: readonly string[], i: number): string | undefined {
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    const name = stripFilename(lines[j]);
    if (name) return name;
    if (!isFence(lines[j])) return undefined;
  }
  return undefined;
}

/** The complete SEARCH/REPLACE blocks of a reply, in order; an unterminated one is left out. */
export function parseEditBlocks(lines: readonly string[]): EditBlock[] {
  const blocks: EditBlock[] = [];
  let current: string | undefined;
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() !== HEAD) {
      i++;
      continue;
    }
    const path = filenameBefore(lines, i) ?? current;
    const start = i + 1;
    let div = start;
    while (div < lines.length && lines[div].trim() !== DIVIDER) div++;
    let end = div + 1;
    while (end < lines.length && lines[end].trim() !== UPDATED) end++;
    if (end >= lines.length) break; // aider rejects the reply ("Expected `>>>>>>> REPLACE`")
    if (path !== undefined) {
      current = path;
      blocks.push({ path, search: lines.slice(start, div).join('\n'), replace: lines.slice(div + 1, end).join('\n') });
    }
    i = end + 1;
  }
  return blocks;
}

/** Where the fenced block after a filename line sits: lines [start, end) of the reply. */
export interface WholeFileBlock {
  path: string;
  start: number;
  end: number;
}

/** Fenced blocks right after a line naming a file: what a whole-file edit looks like. */
export function wholeFileBlocks(lines: readonly string[]): WholeFileBlock[] {
  const out: WholeFileBlock[] = [];
  let open: { path: string | undefined; start: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (!isFence(lines[i].trimStart())) continue;
    if (open) {
      if (open.path !== undefined) out.push({ path: open.path, start: open.start, end: i });
      open = null;
    } else {
      open = { path: i > 0 ? stripFilename(lines[i - 1]) : undefined, start: i + 1 };
    }
  }
  return out;
}

export interface FailedBlock {
  path: string;
  search: string;
  replace: string;
  /** The report's section on this block, from its "## SearchReplaceNoExactMatch" line. */
  text: string;
}

export interface FailureReport {
  /** The lines before the first block's section ("The LLM did not conform…", "# 1 … failed"). */
  head: string;
  blocks: FailedBlock[];
  /** What follows the last section ("The SEARCH section must exactly match…"). */
  tail: string;
  /** The line "# The other N SEARCH/REPLACE blocks were applied successfully.", if printed. */
  othersApplied?: string;
}

const NO_MATCH = '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ';
const OTHERS_APPLIED = /^# The other \d+ SEARCH\/REPLACE blocks? (?:were|was) applied successfully/;
/** Where a section's own text stops: aider's closing advice, printed once after all sections. */
const SECTION_END = /^(?:The SEARCH section must exactly match|# The other \d+ SEARCH\/REPLACE)/;

/** The failed blocks a "SEARCH/REPLACE block failed to match" report lists, each with its text. */
export function parseFailureReport(report: string): FailureReport {
  const lines = report.split('\n');
  const blocks: FailedBlock[] = [];
  let first = -1;
  let tailFrom = lines.length;
  let othersApplied: string | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (OTHERS_APPLIED.test(line)) othersApplied = line.trim();
    if (SECTION_END.test(line) && blocks.length > 0 && tailFrom === lines.length) tailFrom = i;
    if (!line.startsWith(NO_MATCH)) {
      i++;
      continue;
    }
    if (first < 0) first = i;
    tailFrom = lines.length;
    const path = line.slice(NO_MATCH.length).trim();
    const start = i;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() !== HEAD && !lines[j].startsWith(NO_MATCH)) j++;
    let div = j + 1;
    while (div < lines.length && lines[div].trim() !== DIVIDER && !lines[div].startsWith(NO_MATCH)) div++;
    let end = div + 1;
    while (end < lines.length && lines[end].trim() !== UPDATED && !lines[end].startsWith(NO_MATCH)) end++;
    if (end >= lines.length || lines[end].trim() !== UPDATED) {
      i = Math.max(i + 1, Math.min(end, lines.length));
      continue;
    }
    let next = end + 1;
    while (next < lines.length && !lines[next].startsWith(NO_MATCH) && !SECTION_END.test(lines[next])) next++;
    blocks.push({
      path,
      search: lines.slice(j + 1, div).join('\n'),
      replace: lines.slice(div + 1, end).join('\n'),
      text: lines.slice(start, next).join('\n').trim(),
    });
    i = next;
  }
  return {
    head: first < 0 ? report.trim() : lines.slice(0, first).join('\n').trim(),
    blocks,
    tail: first < 0 ? '' : lines.slice(tailFrom).join('\n').trim(),
    othersApplied,
  };
}
