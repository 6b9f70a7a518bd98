/**
 * The OpenAI Agents SDK adapter with the real `@openai/agents` Runner and a model implemented here
 * (the SDK's Model interface, scripted to loop: the same failing tool call at every turn; no
 * network, tracing off): the run is stopped where `loopscope detect` stops on the transcript the
 * agent produced, and a warning reaches the model's next request.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, Runner, tool, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cli } from '../cli/run-cli.test-util';
import type { EngineConfig, LoopscopeEvent } from './index';
import { LoopStoppedError, openAIAgentsGuard } from './openai-agents';

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
          content: [{ type: 'output_text', text: 'Let me read the config.' }],
        },
        {
          type: 'function_call',
          callId: `call-${n}`,
          name: 'read_file',
          arguments: JSON.stringify({ path: 'config/missing.yml' }),
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
  execute: ({ path }) => Promise.resolve(`Error: ENOENT: no such file or directory, open '${path}'`),
});

async function detect(
  lines: readonly object[],
  config: string | EngineConfig,
): Promise<{ events: LoopscopeEvent[]; stoppedAt: { turn: number; call: number | null } | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-agents-'));
  const file = join(dir, 'run.loop.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + '\n').join(''));
  const how = typeof config === 'string' ? ['--preset', config] : ['--config', join(dir, 'config.json')];
  if (typeof config !== 'string') writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const { code, out, err } = await cli('detect', file, ...how, '--json');
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as never;
}

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
    const detected = await detect(guard.lines, 'chatloop-aggressive');
    expect(detected.stoppedAt).toEqual({ turn: 3, call: 3 });
    expect(guard.stoppedBy).toMatchObject({ turn: 3, call: 3, action: 'terminate', detector: 'exact-repeat' });
    // Three model calls made the three turns; the fourth was never made.
    expect(model.requests.length).toBe(3);
    expect(guard.monitor.events).toEqual(detected.events);
    expect(guard.lines.slice(0, 2)).toEqual([
      { type: 'user', text: 'Load the config.' },
      {
        type: 'assistant',
        text: 'Let me read the config.',
        calls: [
          {
            id: 'call-1',
            name: 'read_file',
            args: { path: 'config/missing.yml' },
            result: { content: "Error: ENOENT: no such file or directory, open 'config/missing.yml'" },
          },
        ],
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
    expect((await detect(guard.lines, config)).events).toEqual(guard.monitor.events);
    const last = (i: number) =>
      (model.requests[i].input as { role?: string; type?: string; content?: unknown }[]).at(-1);
    expect(last(3)).toEqual({ role: 'user', content: first.message });
    expect(last(2)?.type).toBe('function_call_result');
  });
});
