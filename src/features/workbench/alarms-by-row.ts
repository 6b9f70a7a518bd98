import type { DetectorEvent, DetectorId } from '../../engine/types';

/** Detectors that fired at each call (`turn|call`) or turn (`turn|`), for the table's marker column. */
export function alarmsByRow(events: DetectorEvent[]): Map<string, DetectorId[]> {
  const m = new Map<string, DetectorId[]>();
  for (const e of events) {
    const k = `${e.turn}|${e.call ?? ''}`;
    const list = m.get(k);
    if (!list) m.set(k, [e.detector]);
    else if (!list.includes(e.detector)) list.push(e.detector);
  }
  return m;
}
