/**
 * The LLM-check design's decision at a checked turn, shared by the llm-judge detector (answers it already has,
 * asked synchronously) and the live judge run (answers fetched from an endpoint, asked with
 * `await`). One code path: a generator that yields the model it needs an answer from, so both
 * follow the same schedule, thresholds and "pro unavailable → trust flash" rule exactly.
 */
import type { Transcript } from '../../model/transcript';
import { Escalation } from '../escalation';
import { formatMessage, MESSAGE_TEMPLATES } from '../detectors/message-templates';
import { startsNewPrompt } from '../detectors/user-prompt';
import type { Action, JudgeCheck } from '../types';
import type { JudgeAnswer } from './request';
import { JudgeSchedule, type ScheduleParams } from './schedule';

export type JudgeModelRole = JudgeCheck['model'];
export type JudgeSourceName = JudgeCheck['source'];

export interface JudgeLoopParams extends ScheduleParams {
  historyCount: number;
  resetOnUserMessage: boolean;
  actions: Action[];
  source: JudgeSourceName;
}

/** What a check produced: its chart points and, when the loop is confirmed, the event. */
export interface CheckOutcome {
  checks: Omit<JudgeCheck, 'turn'>[];
  event: { action: Action; level: number; message: string } | null;
}

/** An answer, `undefined` when the model gave none (unavailable), or `'unasked'` (not in a cache). */
export type Reply = JudgeAnswer | undefined | 'unasked';

function fmt(c: number): string {
  return String(Math.round(c * 1000) / 1000);
}

export class JudgeLoop {
  private readonly schedule: JudgeSchedule;
  private readonly escalation: Escalation;

  constructor(
    private readonly p: JudgeLoopParams,
    private readonly transcript: Transcript,
  ) {
    this.schedule = new JudgeSchedule({ ...p, maxInterval: Math.max(p.minInterval, p.maxInterval) });
    this.escalation = new Escalation(p.actions);
  }

  /** Counts turn `index`; true when a check is due at it. */
  startTurn(index: number): boolean {
    if (this.p.resetOnUserMessage && startsNewPrompt(this.transcript, index)) this.schedule.reset();
    return this.schedule.startTurn();
  }

  private confirm(turn: number, flash: JudgeAnswer, pro: JudgeAnswer | undefined, single: boolean) {
    const { action, level } = this.escalation.next();
    const stand = MESSAGE_TEMPLATES[this.p.source === 'heuristic' ? 'llm-judge.heuristic' : 'llm-judge.llm'];
    const score = fmt(flash.confidence);
    const by = single
      ? formatMessage('llm-judge.score', { score })
      : formatMessage('llm-judge.flash-pro', {
          score,
          pro: pro
            ? formatMessage('llm-judge.pro', { score: fmt(pro.confidence) })
            : MESSAGE_TEMPLATES['llm-judge.pro-unavailable'],
        });
    const analysis = (pro ?? flash).analysis;
    return {
      action,
      level,
      message:
        formatMessage('llm-judge.confirmed', { stand, turn, by, threshold: this.p.threshold }) +
        (analysis ? formatMessage('llm-judge.analysis', { analysis }) : ''),
    };
  }

  /** The check at `turn`: yields 'flash', then 'pro' when flash reaches the threshold. */
  *check(turn: number): Generator<JudgeModelRole, CheckOutcome, Reply> {
    const { p, schedule } = this;
    const source = p.source;
    const point = (model: JudgeModelRole, r: Reply): Omit<JudgeCheck, 'turn'> => {
      const c: Omit<JudgeCheck, 'turn'> = {
        model,
        confidence: r && r !== 'unasked' ? r.confidence : null,
        nextInterval: schedule.interval,
        source,
      };
      if (r === 'unasked') c.notAsked = true;
      return c;
    };
    const flashReply = yield 'flash';
    const flash = flashReply === 'unasked' ? undefined : flashReply;
    if (!flash) return { checks: [point('flash', flashReply)], event: null }; // no decision, the interval stays
    if (flash.confidence < p.threshold) {
      schedule.adapt(flash.confidence);
      return { checks: [point('flash', flash)], event: null };
    }
    if (source === 'heuristic')
      // The stand-in is deterministic: a second opinion from it would be the same number.
      return { checks: [point('flash', flash)], event: this.confirm(turn, flash, undefined, true) };
    const proReply = yield 'pro';
    const pro = proReply === 'unasked' ? undefined : proReply;
    if (pro && pro.confidence < p.threshold) schedule.adapt(pro.confidence);
    const checks = [point('flash', flash), point('pro', proReply)];
    // An unasked pro is not "unavailable": no decision until it is asked.
    if (proReply === 'unasked') return { checks, event: null };
    return { checks, event: !pro || pro.confidence >= p.threshold ? this.confirm(turn, flash, pro, false) : null };
  }

  /** Drives a check with answers at hand (the detector). */
  checkWith(turn: number, ask: (model: JudgeModelRole) => Reply): CheckOutcome {
    const g = this.check(turn);
    let step = g.next();
    while (!step.done) step = g.next(ask(step.value));
    return step.value;
  }
}
