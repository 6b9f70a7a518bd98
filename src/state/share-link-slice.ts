import type { StateCreator } from 'zustand';
import { IDLE, linkTransition, type LinkEvent, type LinkLifecycle } from './link-lifecycle';
import type { SelectionSlice } from './selection-slice';
import type { TuningSlice } from './tuning-slice';

/**
 * The last share link opened in this tab and where it is in its lifecycle (link-lifecycle.ts).
 * A step that opens the run or changes the draft does so here, so the banner's buttons and the
 * link hook go through one place.
 */
export interface ShareLinkSlice {
  shareLink: LinkLifecycle;
  linkEvent(event: LinkEvent): void;
}

export const createShareLinkSlice: StateCreator<
  ShareLinkSlice & SelectionSlice & TuningSlice,
  [],
  [],
  ShareLinkSlice
> = (set, get) => ({
  shareLink: IDLE,
  linkEvent(event) {
    const before = get().shareLink;
    const after = linkTransition(before, event);
    if (after === before) return;
    set({ shareLink: after });
    // A run named by content opens here; an older link's `#/t/<id>` is opened by the address itself.
    if (after.phase === 'resolved' && after.run.status === 'found' && after.target.kind === 'run')
      get().open(after.run.id, after.run.turn);
    // Undo puts the previous draft back through the store, so it is saved as any change is.
    if (after.phase === 'applied') get().setDraft(after.incoming.draft, after.incoming.presetName);
    if (after.phase === 'undone') get().setDraft(after.previous.draft, after.previous.presetName);
  },
});
