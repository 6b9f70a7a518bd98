import { describe, expect, it } from 'vitest';
import { firstTaskMessage, promptTask } from './task-text';

const DEMO =
  'Here is a demonstration of how to correctly accomplish this task.\nIt is included to show you how to correctly use the interface.\n--- DEMONSTRATION ---\nISSUE:\nTimeDelta serialization precision';
const SWE_AGENT =
  "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nPixel Representation attribute should be optional\n**Describe the bug**\n\nINSTRUCTIONS:\nNow, you're going to solve this issue";

describe("a run's task", () => {
  it("is SWE-agent's issue, not the demonstration shown before it", () => {
    const task = firstTaskMessage([
      { role: 'system', text: 'SETTING: You are an autonomous programmer' },
      { role: 'user', text: DEMO },
      { role: 'user', text: SWE_AGENT },
    ]);
    expect(promptTask(task!)).toEqual({
      task: 'Pixel Representation attribute should be optional\n**Describe the bug**',
    });
  });

  it('skips a message the format flags as a demonstration, whatever its words', () => {
    expect(
      firstTaskMessage([
        { role: 'user', text: 'Solve: add two numbers', extra: { isDemo: true } },
        { role: 'user', text: 'Fix the parser' },
      ]),
    ).toBe('Fix the parser');
    expect(firstTaskMessage([{ role: 'system', text: 'x' }])).toBeUndefined();
  });

  it('unwraps the OpenHands template to the issue and the repository folder', () => {
    expect(
      promptTask(
        "<uploaded_files>\n/workspace/django__django__4.0\n</uploaded_files>\nI've uploaded a python code repository in the directory django__django__4.0. Consider the following issue description:\n\n<issue_description>\nMigrations crash on a renamed model.\nMore text\n</issue_description>",
      ),
    ).toEqual({ task: 'Migrations crash on a renamed model.\nMore text', where: 'django__django__4.0' });
  });

  it('is the whole prompt when no template is recognised, and an empty block is no task', () => {
    expect(promptTask('Please rename game_2048.py to 2048.py')).toEqual({
      task: 'Please rename game_2048.py to 2048.py',
    });
    expect(promptTask('<issue>  </issue>\nFix it')).toEqual({ task: '<issue>  </issue>\nFix it' });
  });
});
