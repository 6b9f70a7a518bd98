/** The messages of no-progress (no-progress.ts): what repeats, and a request for a real change. */
import type { Action } from '../types';
import { describeCall } from './cycle';
import { formatMessage } from './message-templates';
import type { Step } from './no-progress-step';

const TEXT_SHOWN = 80;

export function describeStep(s: Step): string {
  if (s.call) return describeCall(s.call);
  const t = s.text.replace(/\s+/g, ' ').trim();
  return `text: "${t.length > TEXT_SHOWN ? t.slice(0, TEXT_SHOWN) + '…' : t}"`;
}

export function recurrenceMessage(action: Action, n: number, window: number, shown: string): string {
  const key = action === 'terminate' ? 'no-progress.recurrence.terminate' : 'no-progress.recurrence.warn';
  return formatMessage(key, { n, window, shown });
}

export function noProgressMessage(action: Action, n: number, window: number, shown: string[]): string {
  const list = shown.map((s, i) => `  ${i + 1}. ${s}`).join('\n');
  return formatMessage(action === 'terminate' ? 'no-progress.window.terminate' : 'no-progress.window.warn', {
    n,
    window,
    list,
  });
}

export function acrossChangesMessage(action: Action, n: number, window: number, shown: string): string {
  const key = action === 'terminate' ? 'no-progress.across-changes.terminate' : 'no-progress.across-changes.warn';
  return formatMessage(key, { n, window, shown });
}
