/**
 * The library view's own state: search, filters, and which config triage uses. Kept outside the
 * app store (it concerns this view only) but alive across views, so going back from a run finds
 * the library as it was left.
 */
import { create } from 'zustand';
import { NO_FILTER, type TriageFilter } from './triage-filter';

/** Triage under the config being tuned, or under a preset by name. */
export const YOUR_CONFIG = '';

export interface LibraryViewState {
  filter: TriageFilter;
  /** YOUR_CONFIG or a preset name. */
  configChoice: string;
  setFilter(patch: Partial<TriageFilter>): void;
  clearFilter(): void;
  setConfigChoice(choice: string): void;
}

export const useLibraryView = create<LibraryViewState>()((set) => ({
  filter: NO_FILTER,
  configChoice: YOUR_CONFIG,
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  clearFilter: () => set({ filter: NO_FILTER }),
  setConfigChoice: (configChoice) => set({ configChoice }),
}));
