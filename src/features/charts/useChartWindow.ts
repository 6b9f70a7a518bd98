import { useEffect, useRef, useState } from 'react';
import type { ChartWindow } from '../../workers/chart-window';
import { engineWorker } from '../../workers/client';

interface Ask {
  id: number;
  turn: number;
  radius: number;
  ignoreTextual: boolean;
}

/**
 * The worker's fingerprint window for the cursor turn. One question at a time: while one is out,
 * only the newest turn waits (a held arrow key does not queue a question per turn).
 */
/** `seq`: the workbench's replay count, so a reopened session (a new worker) is asked again. */
export function useChartWindow(ask: Ask, ready: boolean, seq = 0): ChartWindow | null {
  const [win, setWin] = useState<ChartWindow | null>(null);
  const state = useRef<{ busy: boolean; next: Ask | null; alive: boolean }>({ busy: false, next: null, alive: true });
  const { id, turn, radius, ignoreTextual } = ask;
  useEffect(() => {
    const s = state.current;
    s.alive = true;
    return () => {
      s.alive = false;
    };
  }, []);
  useEffect(() => {
    if (!ready) return;
    const s = state.current;
    s.next = { id, turn, radius, ignoreTextual };
    if (s.busy) return;
    const pump = () => {
      const a = s.next;
      s.next = null;
      s.busy = a !== null;
      if (!a) return;
      engineWorker()
        .chartWindow(a.id, a.turn, a.radius, a.ignoreTextual)
        .then(
          (w) => {
            if (s.alive && !s.next) setWin(w);
          },
          () => {
            // The session is reopening (a new worker): the next step asks again.
          },
        )
        .finally(pump);
    };
    pump();
  }, [id, turn, radius, ignoreTextual, ready, seq]);
  return win;
}
