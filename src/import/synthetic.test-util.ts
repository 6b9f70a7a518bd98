/**
 * Synthetic files of any size in every line format, for the streaming tests: each generator
 * returns the text for `n` repetitions of one small exchange (an assistant turn with one call
 * and its result), shaped like the format's real records (see each importer's schema notes).
 */

const PAD = 'The quick brown fox jumps over the lazy dog while the agent reads another file. ';

function pad(i: number, words: number): string {
  return `${PAD.repeat(words)}#${i}`;
}

function lines(n: number, head: string[], make: (i: number) => string[]): string {
  const out = [...head];
  for (let i = 0; i < n; i++) out.push(...make(i));
  return out.join('\n') + '\n';
}

/** Loopscope JSONL: a user line every tenth turn, one call with its result per turn. */
export function loopscopeText(n: number): string {
  return lines(n, ['{"type":"meta","version":1,"title":"synthetic"}'], (i) => {
    const a = JSON.stringify({
      type: 'assistant',
      text: `Step ${i}: ${pad(i, 2)}`,
      calls: [
        {
          id: `c${i}`,
          name: 'read_file',
          args: { path: `src/f${i % 97}.ts` },
          result: { content: pad(i, 3), isError: i % 13 === 0 },
        },
      ],
      tokens: { input: 1200 + i, output: 80 },
    });
    return i % 10 === 0 ? [JSON.stringify({ type: 'user', text: `Please continue (${i})` }), a] : [a];
  });
}

/** Claude Code session JSONL: an assistant tool_use line, then the user line with its tool_result. */
export function claudeCodeText(n: number): string {
  return lines(n, [], (i) => {
    const base = {
      sessionId: 'synthetic-session',
      timestamp: '2025-06-01T10:00:00.000Z',
      cwd: '/repo',
      version: '1.0.0',
    };
    return [
      JSON.stringify({
        ...base,
        type: 'assistant',
        uuid: `a${i}`,
        parentUuid: i ? `u${i - 1}` : null,
        message: {
          id: `msg_${i}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4',
          content: [
            { type: 'text', text: `Step ${i}: ${pad(i, 2)}` },
            { type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `ls src/dir${i % 31}` } },
          ],
          usage: { input_tokens: 4, cache_read_input_tokens: 12000 + i, output_tokens: 90 },
        },
      }),
      JSON.stringify({
        ...base,
        type: 'user',
        uuid: `u${i}`,
        parentUuid: `a${i}`,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: pad(i, 3), is_error: i % 13 === 0 }],
        },
      }),
    ];
  });
}

/** Codex CLI rollout: session_meta, then function_call / function_call_output response items. */
export function codexText(n: number): string {
  const meta = {
    timestamp: '2025-10-16T10:21:34.740Z',
    type: 'session_meta',
    payload: { id: 'synthetic', cwd: '/repo', cli_version: '0.46.0' },
  };
  return lines(n, [JSON.stringify(meta)], (i) => {
    const at = '2025-10-16T10:21:35.000Z';
    return [
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: `Step ${i}: ${pad(i, 2)}` }],
        },
      }),
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'shell',
          arguments: JSON.stringify({ command: ['ls', `src/d${i % 31}`] }),
          call_id: `call_${i}`,
        },
      }),
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: { type: 'function_call_output', call_id: `call_${i}`, output: pad(i, 3) },
      }),
    ];
  });
}

/** OpenAI chat JSONL: one independent request per line (each its own transcript). */
export function openaiChatText(n: number): string {
  return lines(n, [], (i) => [
    JSON.stringify({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: `Task ${i}: ${pad(i, 1)}` },
        {
          role: 'assistant',
          content: `Step ${i}: ${pad(i, 2)}`,
          tool_calls: [
            {
              id: `call_${i}`,
              type: 'function',
              function: { name: 'grep', arguments: JSON.stringify({ pattern: `x${i % 17}` }) },
            },
          ],
        },
        { role: 'tool', tool_call_id: `call_${i}`, content: pad(i, 3) },
      ],
    }),
  ]);
}

/** Gemini CLI JSONL recording: a metadata line, then user and gemini message lines. */
export function geminiText(n: number): string {
  const meta = {
    sessionId: 'synthetic',
    projectHash: 'ab12',
    startTime: '2026-02-03T09:30:02.100Z',
    lastUpdated: '2026-02-03T09:30:02.100Z',
    kind: 'main',
  };
  return lines(n, [JSON.stringify(meta)], (i) => [
    JSON.stringify({
      id: `u${i}`,
      timestamp: '2026-02-03T09:30:05.000Z',
      type: 'user',
      content: [{ text: `Task ${i}` }],
    }),
    JSON.stringify({
      id: `g${i}`,
      timestamp: '2026-02-03T09:30:09.000Z',
      type: 'gemini',
      content: [{ text: `Step ${i}: ${pad(i, 2)}` }],
      toolCalls: [
        {
          id: `t${i}`,
          name: 'read_file',
          args: { path: `f${i % 23}.py` },
          status: 'success',
          result: [{ functionResponse: { id: `t${i}`, name: 'read_file', response: { output: pad(i, 3) } } }],
        },
      ],
      tokens: { input: 4100, output: 12, cached: 0, thoughts: 30, tool: 0, total: 4142 },
      model: 'gemini-2.5-flash',
    }),
  ]);
}

/** Aider chat history: one session per ten requests, each reply followed by an applied edit. */
export function aiderText(n: number): string {
  return lines(n, [], (i) => {
    const session = i % 10 === 0 ? [`# aider chat started at 2025-01-0${1 + (i % 9)} 10:00:00`, ''] : [];
    return [
      ...session,
      `#### Fix bug ${i} please  `,
      '',
      `Step ${i}: ${pad(i, 2)}`,
      '',
      `> Applied edit to src/f${i % 19}.py  `,
      '',
    ];
  });
}

/** OpenHands output.jsonl: one evaluation record per line, its events in `history`. */
export function openhandsText(n: number): string {
  return lines(n, [], (i) => [
    JSON.stringify({
      instance_id: `repo__project-${i}`,
      instruction: `Fix issue ${i}`,
      history: [
        {
          id: 0,
          timestamp: '2024-01-01T00:00:00',
          source: 'user',
          action: 'message',
          args: { content: `Fix issue ${i}` },
        },
        {
          id: 1,
          timestamp: '2024-01-01T00:00:01',
          source: 'agent',
          action: 'run',
          args: { command: `ls dir${i % 7}`, thought: pad(i, 2) },
        },
        {
          id: 2,
          timestamp: '2024-01-01T00:00:02',
          source: 'agent',
          observation: 'run',
          cause: 1,
          content: pad(i, 3),
          extras: { metadata: { exit_code: 0 } },
        },
      ],
    }),
  ]);
}
