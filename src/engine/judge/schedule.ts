/**
 * The LLM-check design's turn-based check schedule (Gemini CLI's `turnStarted`): a check is due when
 * turnsInPrompt >= checkAfterTurns and turnsInPrompt - lastCheckTurn >= interval.
 */

export interface ScheduleParams {
  checkAfterTurns: number;
  initialInterval: number;
  minInterval: number;
  maxInterval: number;
  /** Checks that keep the initial interval before adapting (the LLM-check design's overview: 30, 33, then adaptive). */
  warmupChecks: number;
  /**
   * `threshold`: confidence measured against the threshold, so the threshold itself gives the
   * minimum interval (the LLM-check design's worked example: 0.9 → every 5 turns, 0.0 → every 15).
   * `unit`: the LLM-check design's code and Gemini CLI, round(min + (max - min) * (1 - c)): 0.9 → 6.
   */
  intervalScale: 'threshold' | 'unit';
  threshold: number;
}

export function adaptiveInterval(confidence: number, p: ScheduleParams): number {
  const share = p.intervalScale === 'threshold' ? 1 - Math.min(confidence, p.threshold) / p.threshold : 1 - confidence;
  const v = Math.round(p.minInterval + (p.maxInterval - p.minInterval) * share);
  return Math.min(p.maxInterval, Math.max(p.minInterval, v));
}

export class JudgeSchedule {
  turnsInPrompt = 0;
  interval: number;
  lastCheckTurn = 0;
  /** Checks started so far (the current one included once it is due). */
  checks = 0;

  constructor(private readonly p: ScheduleParams) {
    this.interval = p.initialInterval;
  }

  /** Counts a turn; true when a check is due at it (the check is then recorded as started). */
  startTurn(): boolean {
    this.turnsInPrompt++;
    const due =
      this.turnsInPrompt >= this.p.checkAfterTurns && this.turnsInPrompt - this.lastCheckTurn >= this.interval;
    if (due) {
      this.lastCheckTurn = this.turnsInPrompt;
      this.checks++;
    }
    return due;
  }

  /** After a check without a confirmed loop: the interval follows the confidence (past warm-up). */
  adapt(confidence: number): void {
    if (this.checks > this.p.warmupChecks) this.interval = adaptiveInterval(confidence, this.p);
  }

  /** A new user prompt (Gemini CLI's `reset`): counting starts again. */
  reset(): void {
    this.turnsInPrompt = 0;
    this.interval = this.p.initialInterval;
    this.lastCheckTurn = 0;
    this.checks = 0;
  }
}
