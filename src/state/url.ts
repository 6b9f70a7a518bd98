/** The URL fragment holds what is open: `#/t/<id>/turn/<n>`, so a link opens the same place. */
export interface Location {
  transcriptId: number | null;
  turn: number;
}

export function parseHash(hash: string): Location {
  const m = /^#\/t\/(\d+)(?:\/turn\/(\d+))?/.exec(hash);
  if (!m) return { transcriptId: null, turn: 1 };
  return { transcriptId: Number(m[1]), turn: m[2] ? Math.max(1, Number(m[2])) : 1 };
}

export function formatHash(loc: Location): string {
  if (loc.transcriptId === null) return '#/';
  return `#/t/${loc.transcriptId}/turn/${loc.turn}`;
}
