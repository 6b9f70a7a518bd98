/**
 * The OpenAI Agents SDK adapter with the real `@openai/agents` Runner and a model implemented here
 * (the SDK's Model interface, scripted to loop: the same failing tool call at every turn; no
 * network, tracing off): the run is stopped where `loopscope detect` stops on the transcript the
 * agent produced, and a warning reaches the model's next request.
 */
import { Agent, Runner, tool, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectLines, FIRST_LOOP_CALL, LOOP_PATH, LOOP_TEXT, loopError } from './adapter-loop.test-util';
import type { EngineConfig } from './index';
import { linesOfInput, LoopStoppedError, openAIAgentsGuard, type AgentsInputItem } from './openai-agents';

/** Asks for the same missing file at every turn, and records each request. */
class LoopingModel implements Model {
  readonly requests: ModelRequest[] = [];
  getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const n = this.requests.length;
    return Promise.resolve({
      usage: new Usage(),
      output: [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: LOOP_TEXT }],
        },
        {
          type: 'function_call',
          callId: `call-${n}`,
          name: 'read_file',
          arguments: JSON.stringify({ path: LOOP_PATH }),
          status: 'completed',
        },
      ],
    });
  }
  getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not scripted');
  }
}

const readFile = tool({
  name: 'read_file',
  description: 'Read a file',
  parameters: z.object({ path: z.string() }),
  execute: ({ path }) => Promise.resolve(loopError(path)),
});

function agentWith(model: Model) {
  return new Agent({ name: 'reader', instructions: 'Read files.', model, tools: [readFile] });
}

describe('openAIAgentsGuard', () => {
  it('stops the run at the turn where loopscope detect stops, before another model call', async () => {
    const guard = openAIAgentsGuard('chatloop-aggressive');
    const model = new LoopingModel();
    const runner = new Runner({ tracingDisabled: true, callModelInputFilter: guard.callModelInputFilter });
    const run = runner.run(agentWith(model), 'Load the config.', { maxTurns: 30 });
    await expect(run).rejects.toBeInstanceOf(LoopStoppedError);
    const detected = await detectLines(guard.lines, 'chatloop-aggressive');
    expect(detected.stoppedAt).toEqual({ turn: 3, call: 3 });
    expect(guard.stoppedBy).toMatchObject({ turn: 3, call: 3, action: 'terminate', detector: 'exact-repeat' });
    // Three model calls made the three turns; the fourth was never made.
    expect(model.requests.length).toBe(3);
    expect(guard.monitor.events).toEqual(detected.events);
    expect(guard.lines.slice(0, 2)).toEqual([
      { type: 'user', text: 'Load the config.' },
      {
        type: 'assistant',
        text: LOOP_TEXT,
        calls: [FIRST_LOOP_CALL],
      },
    ]);
  });

  it("feeds a warning to the model's next request", async () => {
    const config: EngineConfig = { detectors: { 'exact-repeat': { enabled: true, actions: ['warn'] } } };
    const guard = openAIAgentsGuard(config);
    const model = new LoopingModel();
    const runner = new Runner({ tracingDisabled: true, callModelInputFilter: guard.callModelInputFilter });
    // The scripted model never stops: the run ends at maxTurns.
    await expect(runner.run(agentWith(model), 'Load the config.', { maxTurns: 4 })).rejects.toThrow(/max turns/i);
    expect(guard.stoppedBy).toBeNull();
    const first = guard.monitor.events[0];
    expect(first).toMatchObject({ turn: 3, call: 3, action: 'warn', detector: 'exact-repeat' });
    expect((await detectLines(guard.lines, config)).events).toEqual(guard.monitor.events);
    const last = (i: number) =>
      (model.requests[i].input as { role?: string; type?: string; content?: unknown }[]).at(-1);
    expect(last(3)).toEqual({ role: 'user', content: first.message });
    expect(last(2)?.type).toBe('function_call_result');
  });
});

describe('linesOfInput', () => {
  it('reads 3,000 items into one turn per response, each call with its result, the last still waiting', () => {
    const rounds = 1000;
    const items: AgentsInputItem[] = [{ role: 'user', content: 'List the folder' }];
    for (let i = 1; i <= rounds; i++) {
      items.push({ role: 'assistant', content: [{ type: 'output_text', text: `step ${i}` }] });
      items.push({ type: 'function_call', callId: `c${i}`, name: 'ls', arguments: `{"path":"/x${i}"}` });
      // The last call has no result yet: the model is asked again only once it has.
      if (i < rounds)
        items.push({ type: 'function_call_result', callId: `c${i}`, output: { type: 'text', text: `gone ${i}` } });
    }
    expect(items.length).toBe(3000);
    const { lines, complete } = linesOfInput(items);
    const turn = (i: number) => ({
      type: 'assistant',
      text: `step ${i}`,
      calls: [
        {
          id: `c${i}`,
          name: 'ls',
          args: { path: `/x${i}` },
          ...(i < rounds ? { result: { content: `gone ${i}` } } : {}),
        },
      ],
    });
    expect(lines).toEqual([
      { type: 'user', text: 'List the folder' },
      ...Array.from({ length: rounds }, (_, k) => turn(k + 1)),
    ]);
    expect(lines[rounds]).not.toHaveProperty('calls.0.result');
    expect(complete).toBe(rounds);
  });
});
