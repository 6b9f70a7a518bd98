/**
 * The only way a transcript's, a config's or a server's string reaches the terminal from the CLI.
 * Control characters (C0, DEL, C1) are shown as `\u001b`, never sent: an escape sequence in a
 * title (colours, a fake prompt, OSC 52 writing the clipboard) prints as text. The form is a JSON
 * escape, so the same rule applied to `--json` output leaves it valid JSON with the same values.
 *
 * Newline and tab: a field printed on one line (a title, a file name, a message, a server error)
 * shows them too (`terminalLine`), so it cannot forge lines of output; whole output text keeps them
 * (`terminalText`), the CLI's own line breaks being part of it.
 */
const unit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `s` with C0 (but newline and tab when `keepLines`), DEL and C1 characters written as `\u00XX`. */
export function visibleControls(s: string, keepLines: boolean): string {
  return s.replace(keepLines ? /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g : /[\x00-\x1f\x7f-\x9f]/g, unit);
}

/** A field printed within one line of output. */
export function terminalLine(s: string): string {
  return visibleControls(s, false);
}

/** Whole output text: line breaks and tabs kept, every other control character shown. */
export function terminalText(s: string): string {
  return visibleControls(s, true);
}

export interface TextSink {
  write(s: string): unknown;
}

/** A writer that passes every write through terminalText: the CLI's stdout and stderr. */
export function terminalSink(out: TextSink): TextSink {
  return { write: (s: string) => out.write(terminalText(s)) };
}
