/**
 * The last share link applied in this tab: which transcript it pointed at and the config's name,
 * so a workbench whose transcript is not in this library can say the config was applied anyway.
 */
import { create } from 'zustand';

export interface AppliedLink {
  transcriptId: number | null;
  configName: string;
}

export const useAppliedLink = create<{ link: AppliedLink | null }>(() => ({ link: null }));

/** The transcript id of a `#/t/<id>/…` fragment, or null. */
export function linkTranscriptId(hash: string): number | null {
  const m = /^#\/t\/(\d+)(?:[/?]|$)/.exec(hash);
  return m ? Number(m[1]) : null;
}
