/** The alarms that appeared or vanished against the preset, as short sorted lists. */
import { alarmKey } from '../../engine/compare';
import { detectorDef } from '../../engine/detectors/registry';
import type { DetectorEvent } from '../../engine/types';

export interface AlarmItem {
  key: string;
  event: DetectorEvent;
  /** The detector's title (its id when unknown). */
  title: string;
  /** "turn 9 · call 9 · warn" (no call on turn-level events). */
  where: string;
}

export function alarmItems(events: readonly DetectorEvent[], limit = 200): { items: AlarmItem[]; more: number } {
  const sorted = [...events].sort(
    (a, b) => a.turn - b.turn || (a.call ?? 0) - (b.call ?? 0) || a.detector.localeCompare(b.detector),
  );
  const items = sorted.slice(0, limit).map((e) => ({
    key: alarmKey(e),
    event: e,
    title: detectorDef(e.detector)?.title ?? e.detector,
    where: [`turn ${e.turn}`, e.call === undefined ? null : `call ${e.call}`, e.action].filter(Boolean).join(' · '),
  }));
  return { items, more: Math.max(0, sorted.length - limit) };
}
