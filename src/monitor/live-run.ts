/**
 * One run followed line by line as an agent takes it: each line object goes through the same
 * reader as a `.loop.jsonl` file (normalisation, error inference, text-written calls), and each
 * assistant turn is stepped through the detectors at once, so a turn's events are known when it
 * is read. Fed a whole run in order, it gives `replay`'s events, with one difference: a recorded
 * judge answer only counts for checks of turns not read yet (see docs/integrations.md).
 */
import type { ResolvedConfig } from '../engine/config';
import { enabledRuns } from '../engine/replay';
import { ReplayStepper, type StopPoint } from '../engine/replay-stepper';
import type { DetectorEvent } from '../engine/types';
import { LOOPSCOPE_FORMAT, LoopscopeReader } from '../import/loopscope-reader';
import { runLineObject } from '../import/run-line';
import type { ImportWarning } from '../model/transcript';

export class LiveRun {
  private readonly reader: LoopscopeReader;
  private readonly stepper: ReplayStepper;
  private readonly problems: ImportWarning[] = [];
  private lineNo = 0;
  private judgeRead = 0;
  /** Whether recorded judge answers are read at all (warn about late ones only then). */
  private readonly judgeRecorded: boolean;

  /** `name`: what warnings call the run (as a file is named in the file reader's). */
  constructor(
    config: ResolvedConfig,
    private readonly name = 'monitor',
  ) {
    const judge = config.detectors['llm-judge'];
    this.judgeRecorded = judge?.enabled === true && judge.source === 'recorded';
    this.reader = new LoopscopeReader(name);
    this.stepper = new ReplayStepper(
      { title: name, format: LOOPSCOPE_FORMAT, source: name, labels: [] },
      enabledRuns(config),
      config.ignoreTextualCalls,
    );
  }

  /** Every event so far, in replay's order. */
  get events(): readonly DetectorEvent[] {
    return this.stepper.events;
  }

  get stoppedAt(): StopPoint | null {
    return this.stepper.stoppedAt;
  }

  /** The assistant turns read so far. */
  get turns(): number {
    return this.stepper.transcript.turns.length;
  }

  /** Lines that could not be used (line: their position, 1-based) and judge answers that came too late. */
  get warnings(): readonly ImportWarning[] {
    return this.problems;
  }

  /** Reads the next line object; returns the events it raised (those of its turn, if it is one). */
  add(o: unknown): DetectorEvent[] {
    this.lineNo++;
    const line = runLineObject(o);
    if (line === undefined) return [];
    const stepper = this.stepper;
    const from = stepper.events.length;
    const reader = this.reader;
    const warned = reader.warnings.length;
    reader.add(line, this.lineNo);
    for (let i = warned; i < reader.warnings.length; i++) this.problems.push(reader.warnings[i]);
    const turns = reader.turnsSoFar;
    for (let i = stepper.transcript.turns.length; i < turns.length; i++) stepper.step(turns[i]);
    const judge = reader.judgeSoFar;
    for (; this.judgeRead < judge.length; this.judgeRead++) {
      const r = judge[this.judgeRead];
      // The check at turn T runs when T starts; an answer read after T cannot change it.
      if (this.judgeRecorded && r.turn <= turns.length)
        this.problems.push({
          file: this.name,
          line: this.lineNo,
          reason: `judge answer for turn ${r.turn} came after that turn: a live run needs it before the turn it checks`,
        });
      stepper.addJudge(r);
    }
    return stepper.events.length > from ? stepper.events.slice(from) : [];
  }
}
