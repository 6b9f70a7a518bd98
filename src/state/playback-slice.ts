import type { StateCreator } from 'zustand';

export const SPEEDS = [1, 2, 5, 10, 25] as const;

/** Autoplay: turns per second while playing. */
export interface PlaybackSlice {
  playing: boolean;
  speed: number;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
}

export const createPlaybackSlice: StateCreator<PlaybackSlice, [], [], PlaybackSlice> = (set) => ({
  playing: false,
  speed: 2,
  setPlaying: (playing) => set({ playing }),
  setSpeed: (speed) => set({ speed }),
});
