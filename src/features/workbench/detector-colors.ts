import { DETECTOR_IDS, type DetectorId } from '../../engine/types';

/**
 * One stable colour per detector, used by the timeline, the tables and the charts alike: as many
 * colours as detectors, so no two share one.
 */
const PALETTE = [
  '#dc2626',
  '#ea580c',
  '#ca8a04',
  '#65a30d',
  '#059669',
  '#0891b2',
  '#2563eb',
  '#7c3aed',
  '#c026d3',
  '#db2777',
  '#4b5563',
  '#0d9488',
  '#9333ea',
  '#b45309',
  '#0369a1',
  '#be123c',
  '#4d7c0f',
  '#f59e0b',
  '#1e40af',
  '#78350f',
  '#16a34a',
  '#9d174d',
];

export const DETECTOR_COLOR = Object.fromEntries(
  DETECTOR_IDS.map((id, i) => [id, PALETTE[i % PALETTE.length]]),
) as Record<DetectorId, string>;
