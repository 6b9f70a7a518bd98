import { describe, expect, it } from 'vitest';
import { presenterStep, secondsLeft, startPresenter, type PresenterContext } from './presenter-machine';

// The oscillation sample under `recommended`: 18 turns, alarms at 7, 11 and 15.
const ctx: PresenterContext = { turns: 18, alarms: [7, 11, 15], holdMs: 7000 };

describe('presenter steps', () => {
  it('plays from turn 1, holds each alarm for holdMs, then plays on', () => {
    let s = startPresenter();
    expect(s).toEqual({ phase: 'playing', turn: 1, resumeAt: null });
    s = presenterStep(s, { type: 'stopped', turn: 7, now: 1000 }, ctx);
    expect(s).toEqual({ phase: 'alarm', turn: 7, resumeAt: 8000 });
    expect(secondsLeft(s, 1000)).toBe(7);
    expect(secondsLeft(s, 7001)).toBe(1);
    // The timer firing early changes nothing.
    expect(presenterStep(s, { type: 'due', now: 7999 }, ctx)).toBe(s);
    s = presenterStep(s, { type: 'due', now: 8000 }, ctx);
    expect(s).toEqual({ phase: 'playing', turn: 7, resumeAt: null });
    expect(secondsLeft(s, 8000)).toBe(0);
    s = presenterStep(s, { type: 'stopped', turn: 11, now: 10_000 }, ctx);
    expect(s).toEqual({ phase: 'alarm', turn: 11, resumeAt: 17_000 });
  });

  it('a press continues at once from an alarm', () => {
    const s = presenterStep(startPresenter(), { type: 'stopped', turn: 7, now: 0 }, ctx);
    expect(presenterStep(s, { type: 'press', turn: 7, now: 500 }, ctx)).toEqual({
      phase: 'playing',
      turn: 7,
      resumeAt: null,
    });
  });

  it('a press pauses while playing and resumes a pause; a pause is never timed out', () => {
    let s = presenterStep(startPresenter(), { type: 'press', turn: 4, now: 0 }, ctx);
    expect(s).toEqual({ phase: 'held', turn: 4, resumeAt: null });
    expect(presenterStep(s, { type: 'due', now: 1e9 }, ctx)).toBe(s);
    // Playback stopping again (the pause itself) is not read as an alarm.
    expect(presenterStep(s, { type: 'stopped', turn: 4, now: 1 }, ctx)).toBe(s);
    s = presenterStep(s, { type: 'press', turn: 4, now: 2 }, ctx);
    expect(s).toEqual({ phase: 'playing', turn: 4, resumeAt: null });
  });

  it('ends at the last turn; a press then starts again from turn 1', () => {
    let s = presenterStep(startPresenter(), { type: 'stopped', turn: 18, now: 0 }, ctx);
    expect(s).toEqual({ phase: 'ended', turn: 18, resumeAt: null });
    expect(presenterStep(s, { type: 'due', now: 1e9 }, ctx)).toBe(s);
    s = presenterStep(s, { type: 'press', turn: 18, now: 1 }, ctx);
    expect(s).toEqual({ phase: 'playing', turn: 1, resumeAt: null });
  });

  it('an alarm on the last turn is shown, then the run ends rather than starting over', () => {
    const last: PresenterContext = { turns: 10, alarms: [4, 10], holdMs: 5000 };
    let s = presenterStep(startPresenter(), { type: 'stopped', turn: 10, now: 0 }, last);
    expect(s).toEqual({ phase: 'alarm', turn: 10, resumeAt: 5000 });
    s = presenterStep(s, { type: 'due', now: 5000 }, last);
    expect(s).toEqual({ phase: 'ended', turn: 10, resumeAt: null });
  });

  it('playback stopped elsewhere than an alarm or the end is a pause', () => {
    expect(presenterStep(startPresenter(), { type: 'stopped', turn: 9, now: 0 }, ctx)).toEqual({
      phase: 'held',
      turn: 9,
      resumeAt: null,
    });
  });
});
