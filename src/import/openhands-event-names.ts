/**
 * OpenHands writes one event per file: V0 `events/<n>.json`, the V1 SDK
 * `events/event-<5 digits>-<uuid>.json`. The number orders the events.
 * (Minimal version for the folder grouping; the OpenHands work owns this file.)
 */
const V0 = /^(\d+)\.json$/;
const V1 = /^event-(\d{5})-[0-9a-f-]+\.json$/i;

/** The event's position from its file name (no folders), or undefined for any other name. */
export function openHandsEventOrder(fileName: string): number | undefined {
  const m = V0.exec(fileName) ?? V1.exec(fileName);
  return m ? Number(m[1]) : undefined;
}
