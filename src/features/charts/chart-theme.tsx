/** Shared look of the charts: small fonts for the ~400 px side panel, and the cursor line. */
import { ReferenceLine } from 'recharts';

export const TICK = { fontSize: 10, fill: '#6b7280' };
export const MARGIN = { top: 8, right: 10, bottom: 0, left: 0 };
export const LEGEND_STYLE = { fontSize: 11, lineHeight: '14px', paddingTop: 2 };
export const TOOLTIP_STYLE = { fontSize: 11, padding: '4px 8px' };
export const CURSOR = '#d97706';

/** The scrubber's turn as a vertical line (a function, not a component, so Recharts sees a ReferenceLine). */
export function cursorLine(turn: number, yAxisId?: string) {
  return (
    <ReferenceLine
      key="cursor"
      x={turn}
      yAxisId={yAxisId}
      stroke={CURSOR}
      strokeWidth={1.5}
      label={{ value: `turn ${turn}`, position: 'insideTopRight', fontSize: 10, fill: CURSOR }}
    />
  );
}

/** Height of an x axis with ticks and a title under them. */
export const X_TITLED = 32;
const TITLE = { fontSize: 10, fill: '#4b5563', className: 'axis-title' };

/** An x axis title, centred under the ticks. */
export function xTitle(value: string) {
  return { value, position: 'insideBottom' as const, offset: 0, ...TITLE };
}

/** A y axis title along the axis (the right one reads downwards). */
export function yTitle(value: string, right = false) {
  return {
    value,
    angle: right ? 90 : -90,
    position: right ? ('insideRight' as const) : ('insideLeft' as const),
    style: { textAnchor: 'middle' as const },
    ...TITLE,
  };
}
