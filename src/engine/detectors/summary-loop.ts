/**
 * The doom-loop design's summary loop: N consecutive text-only turns (no tool calls) mean the agent is
 * summarising instead of working. A turn-level event on every text-only turn from the N-th on.
 * A user message before a turn restarts the count (a text answer to a user is conversation),
 * except messages starting with "[System]": those are the harness's own injected nudges.
 */
import type { Turn } from '../../model/transcript';
import type { DetectorDef } from '../params';
import type { Action } from '../types';
import { normalizeText } from '../observation';
import { RAW_TEXT_PARAM } from './raw-text';
import { formatMessage } from './message-templates';

export interface SummaryLoopParams {
  [key: string]: number | boolean | Action[];
  threshold: number;
  resetOnUserMessage: boolean;
  actions: Action[];
  /** Only identical texts continue a run (OpenHands' monologue: the same agent message again). */
  sameText: boolean;
  /** With sameText: compare the texts as written, not normalised (whitespace, volatile tokens). */
  rawText: boolean;
}

export function summaryLoopPrompt(n: number): string {
  return formatMessage('summary-loop', { n });
}

function userSpoke(turn: Turn | undefined): boolean {
  if (!turn?.before) return false;
  for (const m of turn.before) if (m.role === 'user' && !m.text.trimStart().startsWith('[System]')) return true;
  return false;
}

export const summaryLoop: DetectorDef<SummaryLoopParams> = {
  id: 'summary-loop',
  title: 'Summary loop',
  origin: 'doom-loop design',
  summary: 'N consecutive text-only turns (no tool calls): a prompt to pick a task and use the tools.',
  params: [
    { key: 'threshold', label: 'Consecutive text-only turns', type: 'int', min: 1, max: 100 },
    {
      key: 'resetOnUserMessage',
      label: 'A user message restarts the count',
      type: 'boolean',
      help: 'Messages starting with [System] (injected nudges) do not count as the user.',
    },
    { key: 'actions', label: 'Actions per nudge in a streak', type: 'actions' },
    {
      key: 'sameText',
      label: 'Texts must be identical',
      type: 'boolean',
      help: 'Off in the doom-loop design; on for OpenHands monologue detection.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: { threshold: 2, resetOnUserMessage: true, actions: ['warn'], sameText: false, rawText: false },
  create(p, env) {
    const turns = env.transcript.turns;
    let run = 0;
    let lastText = '';
    return {
      onTurn(turn, sink) {
        if (turn.callCount > 0) {
          run = 0;
          return;
        }
        if (p.resetOnUserMessage) {
          const t = turns[turn.index - 1];
          if (t?.index === turn.index && userSpoke(t)) run = 0;
        }
        const text = p.sameText && !p.rawText ? normalizeText(turn.text) : turn.text;
        if (p.sameText && run > 0 && text !== lastText) run = 0;
        lastText = text;
        run++;
        if (run < p.threshold) return;
        const level = run - p.threshold + 1;
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({ action, level, message: summaryLoopPrompt(run) });
      },
    };
  },
};
