import type { StateCreator } from 'zustand';

/**
 * The part of the run the timeline shows, in turn units: turn t covers [t-1, t]. null shows the
 * whole run. Kept in the store because keys (+ / -) and the timeline itself both change it.
 */
export interface TimelineView {
  from: number;
  to: number;
}

export interface TimelineSlice {
  view: TimelineView | null;
  setView(view: TimelineView | null): void;
  /** Stop playback when the cursor reaches a turn with an alarm. */
  pauseOnAlarm: boolean;
  setPauseOnAlarm(on: boolean): void;
}

export const createTimelineSlice: StateCreator<TimelineSlice, [], [], TimelineSlice> = (set) => ({
  view: null,
  setView: (view) => set({ view }),
  pauseOnAlarm: false,
  setPauseOnAlarm: (pauseOnAlarm) => set({ pauseOnAlarm }),
});
