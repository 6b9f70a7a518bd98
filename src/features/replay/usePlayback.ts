import { useEffect } from 'react';
import { useAppStore } from '../../state/store';

/** Advances the cursor while playing, at `speed` turns per second; stops at the last turn. */
export function usePlayback(turns: number): void {
  const playing = useAppStore((s) => s.playing);
  const speed = useAppStore((s) => s.speed);
  useEffect(() => {
    if (!playing) return;
    const s = useAppStore.getState();
    if (s.turn >= turns) s.setTurn(1);
    const timer = setInterval(() => {
      const st = useAppStore.getState();
      if (st.turn >= turns) st.setPlaying(false);
      else st.setTurn(st.turn + 1);
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, turns]);
}
