/**
 * How a turn's texts are shown. Agents often start or end a message with blank lines (Claude
 * Code writes `\n\n` after its thinking), which a `<pre>` would show as an empty box; the stored
 * text keeps them (fingerprints and exports read it), only the view drops them.
 */
import type { Turn } from '../../model/transcript';

/** `s` without its leading and trailing blank lines; the first line's indentation stays. */
export function withoutBlankEdges(s: string): string {
  return s.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/(?:\r?\n[ \t]*)+$/, '');
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
