/**
 * The UI store, built from slices (as inspect_ai's viewer does). It holds small state only:
 * transcripts and replay results stay out of it, in IndexedDB and the workbench's own cache.
 */
import { create } from 'zustand';
import { createImportSlice, type ImportSlice } from './import-slice';
import { createPlaybackSlice, type PlaybackSlice } from './playback-slice';
import { createPresenterSlice, type PresenterSlice } from './presenter-slice';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createShareLinkSlice, type ShareLinkSlice } from './share-link-slice';
import { createTimelineSlice, type TimelineSlice } from './timeline-slice';
import { createTuningSlice, type TuningSlice } from './tuning-slice';

export type AppState = ImportSlice &
  SelectionSlice &
  TuningSlice &
  PlaybackSlice &
  TimelineSlice &
  PresenterSlice &
  ShareLinkSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createImportSlice(...a),
  ...createSelectionSlice(...a),
  ...createTuningSlice(...a),
  ...createPlaybackSlice(...a),
  ...createTimelineSlice(...a),
  ...createPresenterSlice(...a),
  ...createShareLinkSlice(...a),
}));

// `npm run bench` changes the draft with the Charts tab on screen (no Tune input there then):
// it opens the page with `?bench` to reach the store.
if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('bench'))
  (window as unknown as { __loopscopeStore: typeof useAppStore }).__loopscopeStore = useAppStore;
