/**
 * Gemini CLI's content loop ("chanting") detection over assistant text: the same 50-character
 * chunk seen 10 times, close together (average distance <= 5 chunks), outside code blocks.
 * A turn's text is fed line by line, each line standing for one streamed chunk; a tool call
 * and a new user prompt reset the tracking, as in Gemini CLI.
 */
import { Escalation } from '../escalation';
import type { DetectorDef } from '../params';
import type { Action } from '../types';
import { ChantTracker } from './chant-tracker';
import { startsNewPrompt } from './user-prompt';
import { formatMessage } from './message-templates';

export interface ContentChantingParams {
  [key: string]: number | boolean | Action[];
  chunkSize: number;
  threshold: number;
  maxHistory: number;
  maxDistanceChunks: number;
  checkPeriods: boolean;
  fixedMarkers: boolean;
  resetOnToolCall: boolean;
  resetOnUserMessage: boolean;
  actions: Action[];
}

/** Gemini CLI's recovery feedback (strike 1) and halt notice (strike 2). */
export function geminiLoopMessage(action: Action, detail: string): string {
  return formatMessage(action === 'terminate' ? 'gemini.terminate' : 'gemini.warn', { detail });
}

export const contentChanting: DetectorDef<ContentChantingParams> = {
  id: 'content-chanting',
  title: 'Content chanting',
  origin: 'Gemini CLI (packages/core/src/services/loopDetectionService.ts)',
  summary: 'The same 50-character chunk of assistant text 10 times, close together, outside code blocks.',
  params: [
    { key: 'chunkSize', label: 'Chunk size (chars)', type: 'int', min: 5, max: 1000 },
    { key: 'threshold', label: 'Occurrences', type: 'int', min: 2, max: 200 },
    { key: 'maxHistory', label: 'Text history (chars)', type: 'int', min: 100, max: 1_000_000 },
    { key: 'maxDistanceChunks', label: 'Max average distance (chunks)', type: 'number', min: 0.5, max: 100, step: 0.5 },
    { key: 'checkPeriods', label: 'Require repeating text between occurrences', type: 'boolean' },
    {
      key: 'fixedMarkers',
      label: "Qwen Code's markdown markers",
      type: 'boolean',
      help: "Off: Gemini CLI's (a '- ' bullet is not a list item; digits and capitals make a divider). On: Qwen Code's fixed ones.",
    },
    { key: 'resetOnToolCall', label: 'Reset on a tool call', type: 'boolean' },
    { key: 'resetOnUserMessage', label: 'Reset on a user prompt', type: 'boolean' },
    { key: 'actions', label: 'Graduated actions', type: 'actions' },
  ],
  defaults: {
    chunkSize: 50,
    threshold: 10,
    maxHistory: 5000,
    maxDistanceChunks: 5,
    checkPeriods: true,
    fixedMarkers: false,
    resetOnToolCall: true,
    resetOnUserMessage: true,
    actions: ['warn', 'terminate'],
  },
  create(p, env) {
    const tracker = new ChantTracker({
      chunkSize: p.chunkSize,
      threshold: p.threshold,
      maxHistory: Math.max(p.maxHistory, p.chunkSize),
      maxDistanceChunks: p.maxDistanceChunks,
      checkPeriods: p.checkPeriods,
      fixedMarkers: p.fixedMarkers,
    });
    const escalation = new Escalation(p.actions);
    return {
      onTurn(turn, sink) {
        if (p.resetOnUserMessage && startsNewPrompt(env.transcript, turn.index)) tracker.reset();
        const text = turn.text;
        let start = 0;
        while (start < text.length) {
          const nl = text.indexOf('\n', start);
          const end = nl < 0 ? text.length : nl + 1;
          const detail = tracker.feed(text.slice(start, end));
          if (detail !== null) {
            // Gemini aborts the stream here: the rest of this turn's text is never seen.
            const { action, level } = escalation.next();
            sink.emit({ action, level, message: geminiLoopMessage(action, detail) });
            break;
          }
          start = end;
        }
        // Text streams before the turn's tool calls; the first call resets the tracking.
        if (p.resetOnToolCall && turn.callCount > 0) tracker.reset();
      },
    };
  },
};
