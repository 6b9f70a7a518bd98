import { useEffect, useRef, useState } from 'react';
import type { Action, DetectorEvent } from '../../engine/types';
import type { Turn } from '../../model/transcript';
import { firstTaskMessage, promptTask } from '../../model/task-text';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { useTurn } from '../workbench/useTurn';
import { actionHeadline, alarmEventsAt } from './alarm-message';
import { secondsLeft, type PresenterState } from './presenter-machine';
import { PresenterProgress } from './PresenterProgress';
import { usePresenter } from './usePresenter';
import './demo.css';

const MAX_CALLS = 3;
const MAX_EVENTS = 2;

function clip(text: string, n: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}

/**
 * The open run played full screen in large type for an audience: the turn, what the agent said
 * and called, and at each alarm the message the agent would get. All text is rendered as text.
 */
export function PresenterView(props: {
  turns: number;
  alarms: readonly number[];
  events: readonly DetectorEvent[];
  countAction: Action;
}) {
  const data = useWorkbench();
  const { state, press } = usePresenter(props.turns, props.alarms, data.outcome !== null);
  const cursor = useAppStore((s) => Math.min(Math.max(1, s.turn), Math.max(1, props.turns)));
  const speed = useAppStore((s) => s.speed);
  const turn = useTurn(data.turnSource, cursor);
  const task = useTask(turn);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus({ preventScroll: true }), []);
  const leave = () => useAppStore.getState().setPresenting(false);
  return (
    <div
      className="presenter"
      role="dialog"
      aria-modal="true"
      aria-label="Presenter"
      tabIndex={-1}
      ref={box}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('button')) return;
        press();
      }}
    >
      <header className="presenter-head">
        <span className="presenter-title">{data.meta.title}</span>
        <span className="presenter-turn">
          Turn <strong>{cursor}</strong> / {props.turns}
        </span>
        <button type="button" onClick={(e) => (press(), e.currentTarget.blur())}>
          {state?.phase === 'playing' ? 'Pause' : state?.phase === 'ended' ? 'Play again' : 'Continue'}
        </button>
        <button type="button" onClick={leave}>
          Leave (Esc)
        </button>
      </header>
      <PresenterProgress turns={props.turns} alarms={props.alarms} cursor={cursor} />
      {task && (
        <p className="presenter-task">
          <span className="presenter-label">Task</span> {clip(task, 200)}
        </p>
      )}
      {state === null ? (
        <p className="presenter-text">Replaying the run…</p>
      ) : (
        <TurnView turn={turn?.index === cursor ? turn : undefined} />
      )}
      {state?.phase === 'alarm' && (
        <AlarmPanel state={state} events={alarmEventsAt(props.events, state.turn, props.countAction)} />
      )}
      <footer className="presenter-foot">
        <span>{footText(state, props.alarms.length)}</span>
        <span>
          Space: {state?.phase === 'playing' ? 'pause' : 'continue'} · + −: speed ({speed} turn{speed === 1 ? '' : 's'}
          /s) · Esc: leave
        </span>
      </footer>
    </div>
  );
}

function footText(state: PresenterState | null, alarms: number): string {
  if (state?.phase === 'ended') return `End of the run: ${alarms} turn${alarms === 1 ? '' : 's'} with an alarm.`;
  if (state?.phase === 'held') return 'Paused.';
  if (state?.phase === 'alarm') return `Alarm at turn ${state.turn}.`;
  return alarms === 0 ? 'No alarm in this run under this config.' : 'Playing; stops at each alarm.';
}

/**
 * The run's task: the user message before turn 1 (not a demonstration run shown before it),
 * unwrapped from the harness's template; kept once turn 1 has been seen.
 */
function useTask(turn: Turn | undefined): string | null {
  const [task, setTask] = useState<string | null>(null);
  const message = turn?.index === 1 ? firstTaskMessage(turn.before) : undefined;
  const first = message === undefined ? undefined : promptTask(message).task;
  if (first && first !== task) setTask(first); // kept while later turns are shown
  return task;
}

function TurnView({ turn }: { turn: Turn | undefined }) {
  if (!turn) return <p className="presenter-text muted">…</p>;
  const calls = turn.calls.slice(0, MAX_CALLS);
  return (
    <section className="presenter-turn-body" aria-label="Turn on screen">
      {turn.text && <p className="presenter-text">{clip(turn.text, 280)}</p>}
      {calls.map((c) => (
        <div key={c.index} className="presenter-call">
          <span className="presenter-tool">{c.name}</span>{' '}
          <span className="presenter-args">
            {clip(typeof c.args === 'string' ? c.args : JSON.stringify(c.args), 140)}
          </span>
          {c.result && (
            <div className={`presenter-result${c.result.isError ? ' error' : ''}`}>
              {c.result.isError ? '✗ ' : '→ '}
              {clip(c.result.content, 140) || '(empty)'}
            </div>
          )}
        </div>
      ))}
      {turn.calls.length > MAX_CALLS && (
        <p className="presenter-more">and {turn.calls.length - MAX_CALLS} more calls</p>
      )}
    </section>
  );
}

function AlarmPanel({ state, events }: { state: PresenterState; events: DetectorEvent[] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  const shown = events.slice(0, MAX_EVENTS);
  return (
    <section className="presenter-alarm" aria-label={`Alarm at turn ${state.turn}`}>
      {shown.map((e, i) => (
        <div key={i} className={`presenter-event ${e.action}`}>
          <p className="presenter-event-head">
            <i style={{ background: DETECTOR_COLOR[e.detector] }} />
            <strong>{e.detector}</strong> · {e.action} · level {e.level}
          </p>
          <p className="presenter-label">{actionHeadline(e)}</p>
          <p className="presenter-message">{e.message}</p>
        </div>
      ))}
      {events.length > MAX_EVENTS && (
        <p className="presenter-more">and {events.length - MAX_EVENTS} more alarms at this turn</p>
      )}
      <p className="presenter-countdown">Continuing in {secondsLeft(state, now)} s · Space or click to continue now</p>
    </section>
  );
}
