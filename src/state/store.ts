/**
 * The UI store, built from slices (as inspect_ai's viewer does). It holds small state only:
 * transcripts and replay results stay out of it, in IndexedDB and component-local caches.
 */
import { create } from 'zustand';
import { createImportSlice, type ImportSlice } from './import-slice';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';

export type AppState = ImportSlice & SelectionSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createImportSlice(...a),
  ...createSelectionSlice(...a),
}));
