import type { StateCreator } from 'zustand';

/** Which transcript is open and which turn the cursor is on (mirrored in the URL). */
export interface SelectionSlice {
  transcriptId: number | null;
  turn: number;
  open(id: number | null, turn?: number): void;
  setTurn(turn: number): void;
}

export const createSelectionSlice: StateCreator<SelectionSlice, [], [], SelectionSlice> = (set) => ({
  transcriptId: null,
  turn: 1,
  open(id, turn = 1) {
    set({ transcriptId: id, turn });
  },
  setTurn(turn) {
    set({ turn });
  },
});
