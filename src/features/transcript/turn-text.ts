/**
 * How a turn's texts are shown. Agents often start or end a message with blank lines (Claude
 * Code writes `\n\n` after its thinking), which a `<pre>` would show as an empty box; the stored
 * text keeps them (fingerprints and exports read it), only the view drops them.
 */
import type { Turn } from '../../model/transcript';

/**
 * `s` without its leading and trailing blank lines; the first line's indentation stays. The end is
 * matched on the trailing whitespace only: a `$`-anchored pattern is tried at every position, and
 * a turn's text can be hundreds of MB.
 */
export function withoutBlankEdges(s: string): string {
  const head = s.replace(/^(?:[ \t]*\r?\n)+/, '');
  let end = head.length;
  while (end > 0 && ' \t\r\n'.includes(head[end - 1])) end--;
  return head.slice(0, end) + head.slice(end).replace(/(?:\r?\n[ \t]*)+$/, '');
}

/**
 * The model's reasoning for the turn, as its importer kept it: Claude Code's thinking blocks
 * (`extra.thinking`); Gemini CLI's thoughts, Codex's reasoning summaries and the reasoning of
 * Anthropic, Cline and inspect_ai messages (`extra.reasoning`).
 */
export function turnReasoning(turn: Pick<Turn, 'extra'>): string | undefined {
  for (const key of ['reasoning', 'thinking']) {
    const v = turn.extra?.[key];
    if (typeof v === 'string') {
      const shown = withoutBlankEdges(v);
      if (shown.trim() !== '') return shown;
    }
  }
  return undefined;
}
