import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount, type Transcript } from '../model/transcript';
import { importSource } from './index';
import { parseOpenHands } from './openhands';
import { parseOpenHandsEventFolder } from './openhands-events-folder';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';
import type { ImportSource } from './types';

const FIXTURES = resolve(__dirname, 'fixtures/openhands');
const CORPUS = resolve(__dirname, '../../corpus/real/openhands');
const STREAM = `${FIXTURES}/events-stream/events.jsonl`;
const V0_DIR = 'v0-session/sessions/basic-gui-mode/events';
const V1_DIR = 'v1-conversation/cd94562403b9487ebdd4018e3f531dfd/events';

const bytesOf = (path: string) => new Uint8Array(readFileSync(path));
const calls = (t: Transcript) => t.turns.flatMap((x) => x.calls);
const flaggedErrors = (t: Transcript) => calls(t).filter((c) => c.result?.isError && !c.result.inferred).length;
const counts = (t: Transcript) => [t.title, t.turns.length, callCount(t), flaggedErrors(t)];

/** A fixture folder as the folder grouping hands it over, files in the order given. */
function folder(dir: string, order: (names: string[]) => string[] = (n) => n): ImportSource[] {
  return order(readdirSync(`${FIXTURES}/${dir}`)).map((n) =>
    sourceFromBytes(`${dir}/${n}`, bytesOf(`${FIXTURES}/${dir}/${n}`)),
  );
}

describe('openhands events.jsonl: one event a line, one transcript', () => {
  it('is sniffed by content and imports the real multi_swe_bench events as one session', async () => {
    const { format, transcripts, warnings } = await importSource(sourceFromBytes('events.jsonl', bytesOf(STREAM)));
    expect(format).toBe('openhands');
    expect(warnings).toEqual([]);
    expect(transcripts.map(counts)).toEqual([
      ['CommandParser ignores parent default options when parsin… · ponylang__ponyc__0.1', 14, 14, 3],
    ]);
    const [t] = transcripts;
    expect(t.source).toBe('events.jsonl');
    expect(t.turns[0].before?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(t.turns[0].tokens).toEqual({ input: 5549, output: 88 });
    // The rejected call: an agent error with no cause; this message names no tool.
    expect(t.turns[12].calls).toEqual([
      {
        index: 13,
        name: 'unknown',
        args: {},
        result: {
          content:
            "Parameter 'command' is expected to be one of ['view', 'create', 'str_replace', 'insert', 'undo_edit'].",
          isError: true,
        },
        rejected: true,
      },
    ]);
    await expectRoundTrip(t);
  });

  it('reads the same turns as the record the events came from', async () => {
    const [stream] = (await parseOpenHands(sourceFromBytes('events.jsonl', bytesOf(STREAM)))).transcripts;
    const path = `${CORPUS}/evaluation/benchmarks/multi_swe_bench/examples/output.jsonl`;
    const record = (await parseOpenHands(sourceFromBytes('output.jsonl', bytesOf(path)))).transcripts[1];
    expect(stream.turns).toEqual(record.turns.slice(0, 14));
  });

  it('imports with --format openhands too', async () => {
    const r = await importSource(sourceFromBytes('events.jsonl', bytesOf(STREAM)), {}, 'openhands');
    expect(r.transcripts).toHaveLength(1);
  });

  it('a bad line is a warning with its number; the rest imports', async () => {
    const lines = readFileSync(STREAM, 'utf8').split('\n');
    lines.splice(5, 0, '{"id": 99, "action": "run", "args": {', '{"kind": "nothing here"}');
    const r = await parseOpenHands(sourceFromText('events.jsonl', lines.join('\n')));
    expect(r.warnings.map((w) => [w.line, w.reason.slice(0, 14)])).toEqual([
      [6, 'not valid JSON'],
      [7, 'neither an eve'],
    ]);
    expect(counts(r.transcripts[0])).toEqual(
      counts((await parseOpenHands(sourceFromBytes('e.jsonl', bytesOf(STREAM)))).transcripts[0]),
    );
  });
});

describe('openhands V0 events folder (sessions/<id>/events/N.json)', () => {
  it('reads the files in numeric order, whatever order they come in, as the JSON list does', async () => {
    const progress: [number, number][] = [];
    const files = folder(V0_DIR, (n) => [...n].sort().reverse());
    const total = files.reduce((s, f) => s + f.size, 0);
    const { format, transcripts, warnings } = await parseOpenHandsEventFolder(
      { name: 'sessions/basic-gui-mode/events', files },
      { onProgress: (d, t) => progress.push([d, t]) },
    );
    expect(format).toBe('openhands');
    expect(warnings).toEqual([]);
    expect(transcripts.map(counts)).toEqual([['I want to create a VueJS app that allows me to:', 5, 4, 1]]);
    const list = bytesOf(`${CORPUS}/tests/runtime/trajs/basic_gui_mode.json`);
    const [fromList] = (await parseOpenHands(sourceFromBytes('basic_gui_mode.json', list))).transcripts;
    expect(transcripts[0].turns).toEqual(fromList.turns);
    expect(transcripts[0].source).toBe('sessions/basic-gui-mode/events');
    expect(progress.at(-1)).toEqual([total, total]);
    expect(progress.every(([d], i) => i === 0 || d >= progress[i - 1][0])).toBe(true);
    await expectRoundTrip(transcripts[0]);
  });

  it('names a broken or foreign file and its reason, skips it, and imports the rest', async () => {
    const files = [
      ...folder(V0_DIR),
      sourceFromText(`${V0_DIR}/18.json`, '{"id": 18, "action": "run", "args": {'),
      sourceFromText(`${V0_DIR}/19.json`, '{"hello": "world"}'),
      sourceFromText(`${V0_DIR}/metadata.json`, '{}'),
      sourceFromText(`${V0_DIR}/.lock`, ''),
    ];
    const r = await parseOpenHandsEventFolder({ name: 'sessions/basic-gui-mode/events', files });
    expect(r.warnings.map((w) => `${w.file}: ${w.reason.replace(/\(.*\)/, '(…)')}`)).toEqual([
      `${V0_DIR}/metadata.json: not an OpenHands event file name (…); skipped`,
      `${V0_DIR}/18.json: not valid JSON (…); skipped`,
      `${V0_DIR}/19.json: not an OpenHands event (…); skipped`,
    ]);
    expect(r.transcripts.map(counts)).toEqual([['I want to create a VueJS app that allows me to:', 5, 4, 1]]);
  });

  it('stops when cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      parseOpenHandsEventFolder({ name: 'events', files: folder(V0_DIR) }, { signal: ac.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a folder without one event is an error naming it', async () => {
    await expect(
      parseOpenHandsEventFolder({
        name: 'sessions/x/events',
        files: [sourceFromText('sessions/x/events/0.json', '[]')],
      }),
    ).rejects.toThrow('sessions/x/events: none of the event files of this folder is an OpenHands event');
  });
});

describe('openhands V1 SDK events folder (event-00000-<uuid>.json)', () => {
  it('reads the real software-agent-sdk conversation: calls from tool_call, results from observation', async () => {
    const { transcripts, warnings } = await parseOpenHandsEventFolder({
      name: 'conversations/cd94562403b9487ebdd4018e3f531dfd/events',
      files: folder(V1_DIR, (n) => [...n].reverse()),
    });
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(counts(t)).toEqual([
      'Use the terminal tool to run `pwd` and write the output to tool_output.txt. Rep…',
      3,
      2,
      0,
    ]);
    expect(t.turns[0].before?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(t.turns[0].calls[0]).toEqual({
      index: 1,
      id: 'call_KaQ0kUcBb5tbMzhxbIx9dvoZ',
      name: 'terminal',
      args: {
        command: 'pwd > tool_output.txt',
        security_risk: 'LOW',
        summary: 'Get current directory and write to tool_output.txt',
      },
      result: { content: '', isError: false },
    });
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'finish',
      result: { content: 'The current directory has been written to tool_output.txt.', isError: false },
    });
    expect(t.turns[2]).toMatchObject({
      text: 'I executed the `pwd` command to get the current directory and saved the output to a file named `tool_output.txt`.',
      calls: [],
      before: [{ role: 'user', text: 'Without using any tools, summarize in one sentence what you did.' }],
    });
    // V1 events carry no token usage: unknown, not 0.
    expect(t.turns.map((x) => x.tokens)).toEqual([undefined, undefined, undefined]);
    await expectRoundTrip(t);
  });

  it('each event file alone is claimed by content (a V1 event, a V0 event)', async () => {
    for (const f of [...folder(V1_DIR), ...folder(V0_DIR)])
      expect((await importSource(f)).format, f.name).toBe('openhands');
  });
});

// Synthetic V1 events covering what the real snippet does not: parallel calls, a call the agent
// could not run (agent.py writes an ActionEvent without `action` and an AgentErrorEvent), a tool
// error, a user rejection, bookkeeping and an unknown kind.
const V1_SYNTHETIC = [
  {
    kind: 'SystemPromptEvent',
    id: 's',
    timestamp: 't0',
    source: 'agent',
    system_prompt: { type: 'text', text: 'You are OpenHands.' },
  },
  {
    kind: 'MessageEvent',
    id: 'u1',
    timestamp: 't1',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: 'Fix the tests' }] },
  },
  {
    kind: 'ActionEvent',
    id: 'a1',
    timestamp: 't2',
    source: 'agent',
    thought: [{ type: 'text', text: 'Look and run.' }],
    action: { kind: 'FileEditorAction', command: 'view', path: '/w/a.py' },
    tool_name: 'file_editor',
    tool_call_id: 'c1',
    tool_call: { id: 'c1', name: 'file_editor', arguments: '{"command":"view","path":"/w/a.py"}' },
    llm_response_id: 'r1',
  },
  {
    kind: 'ActionEvent',
    id: 'a2',
    timestamp: 't2',
    source: 'agent',
    thought: [],
    action: { kind: 'TerminalAction', command: 'pytest' },
    tool_name: 'terminal',
    tool_call_id: 'c2',
    tool_call: { id: 'c2', name: 'terminal', arguments: '{"command":"pytest"}' },
    llm_response_id: 'r1',
  },
  {
    kind: 'ObservationEvent',
    id: 'o1',
    timestamp: 't3',
    source: 'environment',
    tool_name: 'file_editor',
    tool_call_id: 'c1',
    action_id: 'a1',
    observation: { kind: 'FileEditorObservation', content: [{ type: 'text', text: 'def f(): pass' }], is_error: false },
  },
  {
    kind: 'ObservationEvent',
    id: 'o2',
    timestamp: 't3',
    source: 'environment',
    tool_name: 'terminal',
    tool_call_id: 'c2',
    action_id: 'a2',
    observation: {
      kind: 'TerminalObservation',
      content: [{ type: 'text', text: '1 failed' }],
      is_error: false,
      exit_code: 1,
    },
  },
  {
    kind: 'ConversationStateUpdateEvent',
    id: 'x',
    timestamp: 't4',
    source: 'environment',
    key: 'execution_status',
    value: 'running',
  },
  {
    kind: 'ActionEvent',
    id: 'a3',
    timestamp: 't5',
    source: 'agent',
    thought: [],
    tool_name: 'file_editor',
    tool_call_id: 'c3',
    tool_call: { id: 'c3', name: 'file_editor', arguments: '{"path":"/w/a.py"}' },
    llm_response_id: 'r2',
  },
  {
    kind: 'AgentErrorEvent',
    id: 'e3',
    timestamp: 't5',
    source: 'agent',
    tool_name: 'file_editor',
    tool_call_id: 'c3',
    error:
      'Error validating args {"path":"/w/a.py"} for tool \'file_editor\': 1 validation error for FileEditorAction\ncommand\n  Field required',
  },
  {
    kind: 'ActionEvent',
    id: 'a4',
    timestamp: 't6',
    source: 'agent',
    thought: [],
    action: { kind: 'TerminalAction', command: 'rm -rf /w' },
    tool_name: 'terminal',
    tool_call_id: 'c4',
    tool_call: { id: 'c4', name: 'terminal', arguments: '{"command":"rm -rf /w"}' },
    llm_response_id: 'r3',
  },
  {
    kind: 'UserRejectObservation',
    id: 'j4',
    timestamp: 't7',
    source: 'user',
    tool_name: 'terminal',
    tool_call_id: 'c4',
    action_id: 'a4',
    rejection_reason: 'Too dangerous',
  },
  { kind: 'FancyNewEvent', id: 'f', timestamp: 't8', source: 'environment' },
  {
    kind: 'MessageEvent',
    id: 'm5',
    timestamp: 't9',
    source: 'agent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    llm_response_id: 'r5',
  },
];

describe('openhands V1 events: calls, rejections and errors (synthetic)', () => {
  const check = (t: Transcript) => {
    expect(counts(t)).toEqual(['Fix the tests', 4, 4, 3]);
    expect(t.turns[0].text).toBe('Look and run.');
    expect(t.turns[0].calls.map((c) => [c.name, c.args, c.result])).toEqual([
      ['file_editor', { command: 'view', path: '/w/a.py' }, { content: 'def f(): pass', isError: false }],
      ['terminal', { command: 'pytest' }, { content: '1 failed', isError: true }],
    ]);
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'file_editor',
      args: { path: '/w/a.py' },
      rejected: true,
      result: { isError: true },
    });
    expect(
      t.turns[1].calls[0].result!.content.startsWith(
        'Error validating args {"path":"/w/a.py"} for tool \'file_editor\'',
      ),
    ).toBe(true);
    expect(t.turns[2].calls[0]).toMatchObject({
      name: 'terminal',
      rejected: true,
      result: { content: 'Action rejected: Too dangerous', isError: true },
    });
    expect(t.turns[3]).toMatchObject({ text: 'Done.', calls: [] });
  };

  it('as a folder of event files', async () => {
    const files = V1_SYNTHETIC.map((e, i) =>
      sourceFromText(
        `events/event-${String(i).padStart(5, '0')}-0000000${i.toString(16)}-aaaa.json`,
        JSON.stringify(e),
      ),
    );
    const r = await parseOpenHandsEventFolder({ name: 'conv-1/events', files: [...files].reverse() });
    check(r.transcripts[0]);
    expect(r.warnings).toEqual([
      {
        file: 'events/event-00011-0000000b-aaaa.json',
        reason: 'event f: event kind "FancyNewEvent" is not one this importer reads; skipped',
      },
    ]);
    await expectRoundTrip(r.transcripts[0]);
  });

  it('as events.jsonl, one event a line', async () => {
    const r = await importSource(sourceFromText('events.jsonl', V1_SYNTHETIC.map((e) => JSON.stringify(e)).join('\n')));
    expect(r.format).toBe('openhands');
    check(r.transcripts[0]);
    expect(r.warnings).toEqual([
      {
        file: 'events.jsonl',
        line: 12,
        reason: 'event f: event kind "FancyNewEvent" is not one this importer reads; skipped',
      },
    ]);
  });

  it('as a JSON list', async () => {
    check((await importSource(sourceFromText('events.json', JSON.stringify(V1_SYNTHETIC)))).transcripts[0]);
  });
});

describe('openhands V0 rejected calls keep their intent (synthetic events, real messages)', () => {
  const user = {
    id: 0,
    timestamp: 't0',
    source: 'user',
    message: '',
    action: 'message',
    args: { content: 'Edit the file' },
  };
  const rejection = (id: number, content: string, extra: object = {}) => ({
    id,
    timestamp: `t${id}`,
    source: 'agent',
    message: content,
    observation: 'error',
    content,
    extras: { error_id: '' },
    ...extra,
  });

  it('names the tool from the message, or takes name and args from the tool call when recorded', async () => {
    const mr = {
      id: 'resp-2',
      choices: [
        {
          message: {
            content: 'Let me edit.',
            tool_calls: [
              {
                id: 'toolu_02',
                type: 'function',
                function: { name: 'str_replace_editor', arguments: '{"command": "create", "path": "/w/a.py"}' },
              },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 12 },
    };
    const events = [
      user,
      rejection(1, "Missing required parameters for function 'str_replace_editor': {'security_risk'}"),
      rejection(2, "Missing required parameters for function 'str_replace_editor': {'file_text'}", {
        tool_call_metadata: {
          function_name: 'str_replace_editor',
          tool_call_id: 'toolu_02',
          model_response: mr,
          total_calls_in_response: 1,
        },
      }),
      rejection(
        3,
        "Parameter 'command' is expected to be one of ['view', 'create', 'str_replace', 'insert', 'undo_edit'].",
      ),
    ];
    const r = await parseOpenHands(sourceFromText('events.jsonl', events.map((e) => JSON.stringify(e)).join('\n')));
    const [t] = r.transcripts;
    expect(r.warnings).toEqual([]);
    expect(t.turns.map((x) => x.calls.map((c) => [c.name, c.args, c.rejected, c.result?.isError]))).toEqual([
      [['str_replace_editor', {}, true, true]],
      [['str_replace_editor', { command: 'create', path: '/w/a.py' }, true, true]],
      [['unknown', {}, true, true]],
    ]);
    expect(t.turns[1]).toMatchObject({ text: 'Let me edit.', calls: [{ id: 'toolu_02' }] });
    // prompt_tokens 0 is a lost count: unknown, not 0; the output count stays.
    expect(t.turns[1].tokens).toEqual({ output: 12 });
    expect(t.turns[0].tokens).toBeUndefined();
    await expectRoundTrip(t);
  });
});
