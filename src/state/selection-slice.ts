import type { StateCreator } from 'zustand';

/** Which transcript is open, the turn the cursor is on (mirrored in the URL), and a marked range. */
export interface SelectionSlice {
  transcriptId: number | null;
  turn: number;
  /** A turn range picked on the timeline or in the table (for labels), inclusive. */
  range: [number, number] | null;
  open(id: number | null, turn?: number): void;
  setTurn(turn: number): void;
  setRange(range: [number, number] | null): void;
}

export const createSelectionSlice: StateCreator<SelectionSlice, [], [], SelectionSlice> = (set) => ({
  transcriptId: null,
  turn: 1,
  range: null,
  open(id, turn = 1) {
    set({ transcriptId: id, turn, range: null });
  },
  setTurn(turn) {
    set({ turn });
  },
  setRange(range) {
    set({ range });
  },
});
