/**
 * The ChatLoop design's two texts for one detection: the `warning_message` injected as the tool result on
 * Warn (built by `create_warning_message(description)`, whose body the design does not show), and the
 * `suggestion` returned as `LoopDetected(suggestion)` on Terminate. Shared by the four ChatLoop
 * detectors so they read alike.
 */
import type { Action } from '../types';
import { formatMessage } from './message-templates';

/** warn and block: the injected warning (description + suggestion); terminate: the error text. */
export function chatloopMessage(action: Action, description: string, suggestion: string): string {
  return formatMessage(action === 'terminate' ? 'chatloop.terminate' : 'chatloop.warn', { description, suggestion });
}
