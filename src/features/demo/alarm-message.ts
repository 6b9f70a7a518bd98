import { isAlarm } from '../../engine/evaluate';
import type { Action, DetectorEvent } from '../../engine/types';

/** The events at `turn` that count as alarms (action at least `countAction`), in engine order. */
export function alarmEventsAt(events: readonly DetectorEvent[], turn: number, countAction: Action): DetectorEvent[] {
  return events.filter((e) => e.turn === turn && isAlarm(e, countAction));
}

/** What the agent's harness would do with the event, said for an audience. */
export function actionHeadline(e: Pick<DetectorEvent, 'action' | 'call'>): string {
  switch (e.action) {
    case 'warn':
      return e.call === undefined
        ? 'The agent would get this message:'
        : `The agent would get this message (call ${e.call} still runs):`;
    case 'block':
      return `The agent's ${e.call === undefined ? 'call' : `call ${e.call}`} would be refused, with this message:`;
    case 'terminate':
      return 'The run would stop here, with this message:';
  }
}
