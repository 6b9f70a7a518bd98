/** A replay's answer as the page reads it: its event tables decoded back into events. */
import type { MetricsSummary } from '../engine/evaluate';
import type { DetectorEvent } from '../engine/types';
import { decodeEvents } from './event-table';
import type { PageResult, RunOutcome } from './page-result';

/** A page result as the page reads it: the events as objects again. */
export type ShownResult = Omit<PageResult, 'events'> & { events: DetectorEvent[] };

export type ShownOutcome = Omit<RunOutcome, 'result' | 'baseline'> & {
  result: ShownResult;
  baseline: { metrics: MetricsSummary | null; appeared: DetectorEvent[]; vanished: DetectorEvent[] } | null;
};

/** The page's reading of a replay's answer (its event tables back into events). */
export function shownOutcome(o: RunOutcome): ShownOutcome {
  const { baseline: b } = o;
  return {
    ...o,
    result: { ...o.result, events: decodeEvents(o.result.events) },
    baseline: b && { metrics: b.metrics, appeared: decodeEvents(b.appeared), vanished: decodeEvents(b.vanished) },
  };
}
