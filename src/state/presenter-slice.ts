import type { StateCreator } from 'zustand';

/** Presenter mode: the open run played full screen in large type, pausing at each alarm. */
export interface PresenterSlice {
  presenting: boolean;
  setPresenting(on: boolean): void;
}

export const createPresenterSlice: StateCreator<PresenterSlice, [], [], PresenterSlice> = (set) => ({
  presenting: false,
  setPresenting: (presenting) => set({ presenting }),
});
