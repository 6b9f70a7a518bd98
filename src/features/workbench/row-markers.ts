import type { DetectorEvent, DetectorId } from '../../engine/types';

/**
 * The detectors that fired at each call or turn, for the table's marker column: read per row
 * drawn, from the events by turn, rather than indexed for every event up front (a big run's
 * 600,000 events took 0.6 s of the page's thread to key by row).
 */
export class RowMarkers {
  constructor(private readonly byTurn: { get(turn: number): readonly DetectorEvent[] | undefined }) {}

  /** Detectors at call `call` of `turn` (none: its turn-level events), in firing order, each once. */
  at(turn: number, call?: number): DetectorId[] {
    const out: DetectorId[] = [];
    for (const e of this.byTurn.get(turn) ?? []) if (e.call === call && !out.includes(e.detector)) out.push(e.detector);
    return out;
  }
}
