/**
 * The AI SDK adapter with the real `ai` package and its mock model scripted to loop (the same
 * failing tool call at every step): the run stops where `loopscope detect` stops on the transcript
 * the agent produced, and a warning reaches the model's next prompt.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectLines, FIRST_LOOP_CALL, LOOP_PATH, LOOP_TEXT, loopError } from './adapter-loop.test-util';
import { aiSdkGuard } from './ai-sdk';
import type { EngineConfig } from './index';

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/** A model that asks for the same file at every step, with a line of text. */
function loopingModel(): MockLanguageModelV4 {
  let n = 0;
  return new MockLanguageModelV4({
    doGenerate: () =>
      Promise.resolve({
        content: [
          { type: 'text' as const, text: LOOP_TEXT },
          {
            type: 'tool-call' as const,
            toolCallId: `call-${++n}`,
            toolName: 'read_file',
            input: JSON.stringify({ path: LOOP_PATH }),
          },
        ],
        finishReason: { unified: 'tool-calls' as const, raw: undefined },
        usage: USAGE,
        warnings: [],
      }),
  });
}

const tools = {
  read_file: tool({
    description: 'Read a file',
    inputSchema: z.object({ path: z.string() }),
    execute: ({ path }) => Promise.resolve(loopError(path)),
  }),
};

describe('aiSdkGuard', () => {
  it('stops generateText at the turn and call where loopscope detect stops', async () => {
    const guard = aiSdkGuard('chatloop-aggressive');
    const result = await generateText({
      model: loopingModel(),
      tools,
      prompt: 'Load the config.',
      stopWhen: [guard.stopWhen, stepCountIs(30)],
      prepareStep: guard.prepareStep,
    });
    const detected = await detectLines(guard.lines, 'chatloop-aggressive');
    expect(detected.stoppedAt).toEqual({ turn: 3, call: 3 });
    expect(result.steps.length).toBe(3);
    expect(guard.stoppedBy).toMatchObject({ turn: 3, call: 3, action: 'terminate', detector: 'exact-repeat' });
    expect(guard.monitor.events).toEqual(detected.events);
    // The turn as the transcript keeps it: text, call, arguments and the tool's result.
    expect(guard.lines[0]).toEqual({
      type: 'assistant',
      text: LOOP_TEXT,
      calls: [FIRST_LOOP_CALL],
      tokens: { input: 100, output: 10 },
    });
  });

  it("feeds a warning back to the model's next prompt", async () => {
    const config: EngineConfig = { detectors: { 'exact-repeat': { enabled: true, actions: ['warn'] } } };
    const guard = aiSdkGuard(config);
    const model = loopingModel();
    await generateText({
      model,
      tools,
      prompt: 'Load the config.',
      stopWhen: [guard.stopWhen, stepCountIs(4)],
      prepareStep: guard.prepareStep,
    });
    expect(guard.stoppedBy).toBeNull();
    const first = guard.monitor.events[0];
    expect(first).toMatchObject({ turn: 3, call: 3, action: 'warn', detector: 'exact-repeat' });
    expect((await detectLines(guard.lines, config)).events).toEqual(guard.monitor.events);
    // The prompt of step 4 (after turn 3 warned) ends with the warning as a user message; step 3's
    // ends with the tool's result.
    const lastMessage = (i: number) => model.doGenerateCalls[i].prompt.at(-1);
    expect(lastMessage(3)).toEqual({ role: 'user', content: [{ type: 'text', text: first.message }] });
    expect(lastMessage(2)?.role).toBe('tool');
  });
});
