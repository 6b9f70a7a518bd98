import { useCallback, useRef, useState } from 'react';
import type { EngineConfig } from '../../engine/config';
import type { RunSweepPoint } from '../../engine/sweep-session';
import type { Label } from '../../model/transcript';
import { engineWorker } from '../../workers/client';
import { useWorkbench } from '../workbench/context';

export interface SweepRun {
  status: 'running' | 'done' | 'error';
  param: string;
  values: number[];
  /** The config and labels the sweep was asked about (to tell when it is out of date). */
  draft: EngineConfig;
  labels: Label[];
  points?: RunSweepPoint[];
  error?: string;
  ms?: number;
}

/** Runs a sweep in the worker; an answer to an older request than the latest is dropped. */
export function useSweep() {
  const { id, labels, ready } = useWorkbench();
  const [run, setRun] = useState<SweepRun | null>(null);
  const seq = useRef(0);
  const start = useCallback(
    async (draft: EngineConfig, param: string, values: number[]) => {
      const mine = ++seq.current;
      const base = { param, values, draft, labels };
      setRun({ status: 'running', ...base });
      const t0 = performance.now();
      try {
        const points = await engineWorker().sweepOpen(id, draft, param, values, labels);
        if (mine === seq.current) setRun({ status: 'done', ...base, points, ms: performance.now() - t0 });
      } catch (e) {
        if (mine === seq.current) setRun({ status: 'error', ...base, error: (e as Error).message });
      }
    },
    [id, labels],
  );
  return { run, start, ready, labels };
}
