/**
 * The only way a user-controlled string reaches a generated Markdown file (the report): one line,
 * with the characters that make HTML (`<`, `>`, `&`), code spans, table cells and links escaped,
 * and control characters (C0, DEL, C1) shown as `\u001b`, so a title like `<img src=x onerror=…>`
 * shows as text in any Markdown viewer and an escape sequence does nothing in a terminal's `cat`.
 */
import { visibleControls } from './terminal';

/** Inert Markdown text of `s`, fit for a table cell or a heading. */
export function mdText(s: string): string {
  return visibleControls(
    s
      .replace(/\r?\n+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/[\\`|[\]]/g, (c) => `\\${c}`)
      .trim(),
    false,
  );
}

/** `s` as a code span when it can be one (no backtick, one line of printable text); else as mdText. */
export function mdCode(s: string): string {
  return /^[^`\x00-\x1f\x7f-\x9f\u2028\u2029]+$/.test(s) ? `\`${s}\`` : mdText(s);
}
