/**
 * Names of OpenHands event files, one event per file:
 * - V0 (All-Hands-AI/OpenHands `openhands/storage/locations.py`, get_conversation_event_filename):
 *   `sessions/<id>/events/<n>.json`, n the event id.
 * - V1 SDK (OpenHands/software-agent-sdk `openhands-sdk/openhands/sdk/conversation/persistence_const.py`
 *   @167ee0af, EVENT_FILE_PATTERN / EVENT_NAME_RE): `events/event-<n, 5 or more digits>-<event id>.json`.
 * Pure: the folder grouping uses it to recognise an events folder.
 */

const V0 = /^(\d+)\.json$/;
const V1 = /^event-(\d{5,})-[0-9a-fA-F-]{8,}\.json$/;

/** The event's position in its session for a V0 or V1 event file name (any folder prefix), else undefined. */
export function openHandsEventOrder(fileName: string): number | undefined {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const m = V0.exec(base) ?? V1.exec(base);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : undefined;
}
