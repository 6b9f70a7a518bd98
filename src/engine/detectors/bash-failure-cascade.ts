/**
 * The doom-loop design's bash failure cascade: N consecutive failing shell commands. Only shell calls with a
 * result move the count; a succeeding one resets it. When the command that completes the cascade
 * is a file operation (cat, echo, sed, a heredoc...), the prompt redirects to the file tools.
 */
import type { DetectorDef } from '../params';
import { isFileOperation, shellCommand, shellFailed } from '../shell';
import type { Action } from '../types';
import { formatMessage } from './message-templates';

export interface BashFailureCascadeParams {
  [key: string]: number | Action[];
  threshold: number;
  actions: Action[];
}

export function bashCascadePrompt(n: number, fileOperation: boolean): string {
  return formatMessage(fileOperation ? 'bash-failure-cascade.file-operations' : 'bash-failure-cascade.other', { n });
}

export const bashFailureCascade: DetectorDef<BashFailureCascadeParams> = {
  id: 'bash-failure-cascade',
  title: 'Bash failure cascade',
  origin: 'doom-loop design',
  summary:
    'N consecutive failing shell commands; failing file operations are redirected to read_file / write_file / edit_file.',
  params: [
    { key: 'threshold', label: 'Consecutive failing commands', type: 'int', min: 1, max: 100 },
    { key: 'actions', label: 'Actions per nudge in a streak', type: 'actions' },
  ],
  defaults: { threshold: 3, actions: ['warn'] },
  create(p) {
    let failures = 0;
    return {
      onCall(call, sink) {
        if (!call.result) return;
        const cmd = shellCommand(call.name, call.args);
        if (cmd === null) return;
        if (!shellFailed(call.result)) {
          failures = 0;
          return;
        }
        failures++;
        if (failures < p.threshold) return;
        const level = failures - p.threshold + 1;
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({ action, level, message: bashCascadePrompt(failures, isFileOperation(cmd)), pattern: [call.exact] });
      },
    };
  },
};
