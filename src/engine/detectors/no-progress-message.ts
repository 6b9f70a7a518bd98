/** The messages of no-progress (no-progress.ts): what repeats, and a request for a real change. */
import type { Action } from '../types';
import { describeCall } from './cycle';
import type { Step } from './no-progress-step';

const TEXT_SHOWN = 80;

export function describeStep(s: Step): string {
  if (s.call) return describeCall(s.call);
  const t = s.text.replace(/\s+/g, ' ').trim();
  return `text: "${t.length > TEXT_SHOWN ? t.slice(0, TEXT_SHOWN) + '…' : t}"`;
}

export function recurrenceMessage(action: Action, n: number, window: number, shown: string): string {
  if (action === 'terminate')
    return `Loop detected: the same step ${n} times in the last ${window} steps, with no new change between. Stopping the run:\n  1. ${shown}`;
  return (
    `⚠️ No progress: the same step (or the same error, or the same failed edit) ${n} times in the last ${window} steps, with no new change between:\n  1. ${shown}\n` +
    'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.'
  );
}

export function noProgressMessage(action: Action, n: number, window: number, shown: string[]): string {
  const list = shown.map((s, i) => `  ${i + 1}. ${s}`).join('\n');
  if (action === 'terminate')
    return `Loop detected: no progress in the last ${n} steps (each repeated an action and result already seen in the last ${window} steps). Stopping the run:\n${list}`;
  return (
    `⚠️ No progress: the last ${n} steps each repeated an action and its result (or an error) already seen in the last ${window} steps:\n${list}\n` +
    'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.'
  );
}

export function acrossChangesMessage(action: Action, n: number, window: number, shown: string): string {
  if (action === 'terminate')
    return `Loop detected: the same failure ${n} times in the last ${window} steps, though edits came between. Stopping the run:\n  1. ${shown}`;
  return (
    `⚠️ No progress: the same failure ${n} times in the last ${window} steps, though edits came between:\n  1. ${shown}\n` +
    'The edits are not changing the result. Read the error again, check the assumption behind the fix, or try another approach.'
  );
}
