/**
 * A user or system message that continues a session from a summary of itself: Claude Code's
 * compaction ("This session is being continued from a previous conversation that ran out of
 * context"), and the resume and compaction notes of other agents. After it the model works from
 * the summary, so re-reading the files it had open is not a repeat of anything it remembers.
 */
export const CONTINUED =
  /session is being continued from a previous conversation|continued from a previous (?:conversation|session)|conversation (?:was |has been )?(?:compacted|summari[sz]ed)|context (?:was |has been )?(?:compacted|summari[sz]ed)|resum(?:ed|ing) (?:from )?(?:the |a )?(?:previous|earlier|interrupted) (?:session|conversation|task)/i;

/** Only the head is read: the marker opens the message. */
const HEAD = 400;

export function continuesSession(text: string): boolean {
  return CONTINUED.test(text.length > HEAD ? text.slice(0, HEAD) : text);
}
