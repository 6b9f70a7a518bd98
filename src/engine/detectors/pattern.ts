/**
 * The ChatLoop design, level 2: the last L calls (the current one included) repeat the L before them,
 * minPatternRepetitions times in a row, for some L in [minPatternLength, maxPatternLength]. All
 * repetitions must lie in the last windowSize calls (current included), so the defaults (window
 * 10, L 2-5, 2 repetitions) reach exactly a 5-call pattern seen twice. The smallest L wins, as in
 * the design's `for pattern_len in 2..`. Fires on every call while the pattern holds; graduated actions.
 */
import { Escalation, Ring } from '../escalation';
import type { DetectorDef } from '../params';
import type { Action } from '../types';
import { chatloopMessage } from './chatloop-message';
import { formatMessage } from './message-templates';
import { RAW_TEXT_PARAM } from './raw-text';

export interface PatternParams {
  [key: string]: number | string | boolean | Action[];
  windowSize: number;
  minPatternLength: number;
  maxPatternLength: number;
  minPatternRepetitions: number;
  /** 'call': name + arguments (the design's code); 'name': tool name only (its "simpler version"). */
  match: string;
  actions: Action[];
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

export const pattern: DetectorDef<PatternParams> = {
  id: 'pattern',
  title: 'Repeating pattern',
  origin: 'ChatLoop design, level 2',
  summary: 'The last L calls repeat the L before them (L in [min, max]), within the window.',
  params: [
    {
      key: 'windowSize',
      label: 'Window (calls)',
      type: 'int',
      min: 2,
      max: 1000,
      help: 'Every repetition must lie in the last windowSize calls, the current one included.',
    },
    { key: 'minPatternLength', label: 'Shortest pattern (calls)', type: 'int', min: 1, max: 50 },
    { key: 'maxPatternLength', label: 'Longest pattern (calls)', type: 'int', min: 1, max: 50 },
    {
      key: 'minPatternRepetitions',
      label: 'Repetitions to detect',
      type: 'int',
      min: 2,
      max: 20,
      help: '2: the pattern followed by one copy of it.',
    },
    {
      key: 'match',
      label: 'Calls match on',
      type: 'enum',
      options: ['call', 'name'],
      help: "'call': name + arguments (ChatLoop design's code); 'name': tool name only.",
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection takes the n-th action; the last repeats.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: {
    windowSize: 10,
    minPatternLength: 2,
    maxPatternLength: 5,
    minPatternRepetitions: 2,
    match: 'call',
    actions: ['warn', 'warn', 'terminate'],
    rawText: false,
  },
  create(p) {
    const keys = new Ring<string>(p.windowSize);
    const names = new Ring<string>(p.windowSize);
    const escalation = new Escalation(p.actions);
    const byName = p.match === 'name';
    const reps = p.minPatternRepetitions;
    return {
      onCall(call, sink) {
        keys.push(byName ? call.name : p.rawText ? call.exact : call.normExact);
        names.push(call.name);
        const n = keys.length;
        let found = 0;
        for (let L = p.minPatternLength; L <= p.maxPatternLength && L * reps <= n; L++) {
          // The last reps * L calls are L-periodic: each equals the one L before it.
          let ok = true;
          for (let i = 0; i < (reps - 1) * L; i++)
            if (keys.fromEnd(i) !== keys.fromEnd(i + L)) {
              ok = false;
              break;
            }
          if (ok) {
            found = L;
            break;
          }
        }
        if (found === 0) return;
        const L = found;
        // How far back the period holds in the window: the repetitions to report.
        let j = (reps - 1) * L;
        while (j + L < n && keys.fromEnd(j) === keys.fromEnd(j + L)) j++;
        const repetitions = Math.floor((j + L) / L);
        sink.cycle(L, repetitions);
        const unit: string[] = [];
        const shown: string[] = [];
        for (let i = L - 1; i >= 0; i--) {
          unit.push(keys.fromEnd(i));
          shown.push(names.fromEnd(i));
        }
        const chain = shown.join(' → ');
        const { action, level } = escalation.next();
        const suggestion = formatMessage('pattern.suggestion', { chain, repetitions });
        sink.emit({
          action,
          level,
          message: chatloopMessage(action, formatMessage('pattern.description', { length: L }), suggestion),
          pattern: unit,
        });
      },
    };
  },
};
