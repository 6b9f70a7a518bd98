/**
 * The library view's own state: search, filters, the sort, and which config triage uses. Kept outside the
 * app store (it concerns this view only) but alive across views, so going back from a run finds
 * the library as it was left.
 */
import type { SortingState } from '@tanstack/react-table';
import { create } from 'zustand';
import { NO_FILTER, type TriageFilter } from './triage-filter';

/** Triage under the config being tuned, or under a preset by name. */
export const YOUR_CONFIG = '';

export interface LibraryViewState {
  filter: TriageFilter;
  /** YOUR_CONFIG or a preset name. */
  configChoice: string;
  /** The table's sort (newest first until a header is clicked). */
  sorting: SortingState;
  setFilter(patch: Partial<TriageFilter>): void;
  clearFilter(): void;
  setConfigChoice(choice: string): void;
  setSorting(sorting: SortingState): void;
}

export const useLibraryView = create<LibraryViewState>()((set) => ({
  filter: NO_FILTER,
  configChoice: YOUR_CONFIG,
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  clearFilter: () => set({ filter: NO_FILTER }),
  setConfigChoice: (configChoice) => set({ configChoice }),
  sorting: [{ id: 'importedAt', desc: true }],
  setSorting: (sorting) => set({ sorting }),
}));
