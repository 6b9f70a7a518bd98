/**
 * Bad input gets a clear message: unrecognised, binary, empty, zero calls, truncated zip, absurd
 * nesting; and every importer keeps the good records of a file with broken ones, naming the line
 * or record it skipped.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../engine/fingerprint';
import { MAX_JSON_DEPTH } from '../model/json-depth';
import { normalizeTranscript } from '../model/normalize';
import { callCount, type ImportWarning } from '../model/transcript';
import { importSource, importers, ImportError } from './index';
import { sourceFromBytes, sourceFromText } from './source';
import {
  claudeCodeText,
  codexText,
  geminiText,
  loopscopeText,
  openaiChatText,
  openhandsText,
} from './synthetic.test-util';

const CORPUS = resolve(__dirname, '../../corpus/real');
const FIXTURES = resolve(__dirname, 'fixtures');
const corpus = (p: string) => new Uint8Array(readFileSync(`${CORPUS}/${p}`));
const fixture = (p: string) => readFileSync(`${FIXTURES}/${p}`, 'utf8');

async function failure(src: Parameters<typeof importSource>[0]): Promise<ImportError> {
  const e = await importSource(src).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ImportError);
  return e as ImportError;
}

const deepArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('an unrecognised file', () => {
  const POINTER = 'see docs/formats.md or `loopscope formats`';

  it('is one line: the file, what the content looked like, and where the formats are listed', async () => {
    const e = await failure(sourceFromText('notes.txt', 'Shopping list\n- milk\n- eggs\n'));
    expect(e.message).toBe(
      `notes.txt: not a transcript format Loopscope reads (the content is text, not JSON, starting "Shopping list"); ${POINTER}`,
    );
  });

  it('names JSON content by its shape and its first keys', async () => {
    const reason = async (name: string, text: string) => (await failure(sourceFromText(name, text))).message;
    expect(await reason('data.json', '{"foo": 1, "bar": [1, 2]}')).toBe(
      `data.json: not a transcript format Loopscope reads (the content is a JSON object with keys "foo", "bar"); ${POINTER}`,
    );
    expect(await reason('x.jsonl', '{"a":1}\n{"a":2}\n')).toBe(
      `x.jsonl: not a transcript format Loopscope reads (the content is JSON Lines whose first record has keys "a"); ${POINTER}`,
    );
    expect(await reason('list.json', '[{"id":1,"name":"x","k1":1,"k2":2,"k3":3,"k4":4}]')).toBe(
      `list.json: not a transcript format Loopscope reads (the content is a JSON array whose first element has keys "id", "name", "k1", "k2", "k3", …); ${POINTER}`,
    );
    expect(await reason('n.json', '[1, 2, 3]')).toBe(
      `n.json: not a transcript format Loopscope reads (the content is a JSON array); ${POINTER}`,
    );
    // A hostile key is cut and flattened: the message stays one short line.
    const long = await reason('k.json', `{"${'k'.repeat(5000)}\u2028x": 1}`);
    expect(long).toBe(
      `k.json: not a transcript format Loopscope reads (the content is a JSON object with keys "${'k'.repeat(30)}…"); ${POINTER}`,
    );
    const zip = zipSync({ 'readme.txt': strToU8('hello') });
    expect((await failure(sourceFromBytes('bundle.zip', zip))).message).toBe(
      `bundle.zip: not a transcript format Loopscope reads (the content is a zip archive that is not an inspect_ai .eval log); ${POINTER}`,
    );
  });

  it('an unknown --format names the known ones', async () => {
    const e = await importSource(sourceFromText('a.json', '{}'), {}, 'yaml').catch((x: unknown) => x);
    expect((e as ImportError).message).toBe(
      `a.json: unknown format "yaml" (known: ${importers.map((i) => i.id).join(', ')})`,
    );
  });
});

describe('binary and empty files', () => {
  it('a binary file is called binary, whatever its name', async () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 5000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    for (const name of ['blob.bin', 'run.loop.jsonl', '.aider.chat.history.md', 'x.traj']) {
      const e = await failure(sourceFromBytes(name, random));
      expect(e.message).toBe(`${name}: this is a binary file, not a transcript`);
    }
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await failure(sourceFromBytes('picture.png', png))).message).toBe(
      'picture.png: this is a binary file, not a transcript',
    );
  });

  it('an empty file and a file of blank lines are empty', async () => {
    expect((await failure(sourceFromText('empty.jsonl', ''))).message).toBe('empty.jsonl: the file is empty');
    expect((await failure(sourceFromText('blank.json', ' \n\n\t\n'))).message).toBe(
      'blank.json: the file is empty (only blank lines)',
    );
  });
});

describe('a transcript without tool calls', () => {
  const NO_CALLS = 'call-based detectors will have nothing to look at';

  it('imports, with a warning that call-based detectors have nothing to look at', async () => {
    const text =
      '{"type":"user","text":"hi"}\n{"type":"assistant","text":"Hello!"}\n{"type":"assistant","text":"Bye."}\n';
    const r = await importSource(sourceFromText('chat.loop.jsonl', text));
    expect(r.transcripts[0].turns).toHaveLength(2);
    expect(r.warnings).toEqual([{ file: 'chat.loop.jsonl', reason: `no tool calls in this transcript: ${NO_CALLS}` }]);
  });

  it('says how many of several transcripts have none, naming the first', async () => {
    const text = [
      '{"type":"meta","title":"busy"}',
      '{"type":"assistant","calls":[{"name":"ls"}]}',
      '{"type":"meta","title":"idle"}',
      '{"type":"assistant","text":"nothing to do"}',
    ].join('\n');
    const r = await importSource(sourceFromText('two.loop.jsonl', text));
    expect(r.warnings).toEqual([
      {
        file: 'two.loop.jsonl',
        reason: `1 of its 2 transcripts have no tool calls (the first: "idle"): ${NO_CALLS} in them`,
      },
    ]);
    const inspect = await importSource(
      sourceFromBytes(
        'popularity.json',
        corpus('inspect-ai/tests/analysis/test_logs/2025-05-12T20-28-13-04-00_popularity.json'),
      ),
    );
    expect(inspect.transcripts.length).toBeGreaterThan(1);
    expect(inspect.warnings).toEqual([
      {
        file: 'popularity.json',
        reason: `no tool calls in any of its ${inspect.transcripts.length} transcripts: ${NO_CALLS}`,
      },
    ]);
  });
});

describe('a truncated zip', () => {
  const whole = corpus('inspect-ai/tests/scorer/logs/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval');

  it.each([
    ['cut in half', Math.floor(whole.byteLength / 2)],
    ['missing its last bytes', whole.byteLength - 10],
  ])('%s: the .eval archive is truncated or damaged', async (_what, cut) => {
    const e = await failure(sourceFromBytes('popularity.eval', whole.slice(0, cut)));
    expect(e.message).toMatch(/^popularity\.eval: the \.eval archive is truncated or damaged: \S/);
  });

  it('a truncated zip with another name is still recognised by its entries', async () => {
    const e = await failure(sourceFromBytes('download', whole.slice(0, Math.floor(whole.byteLength / 2))));
    expect(e.message).toMatch(/^download: the \.eval archive is truncated or damaged: /);
  });
});

describe('deeply nested JSON', () => {
  const DEEP = deepArrays(100_000);
  const tooDeep = `nested deeper than ${MAX_JSON_DEPTH} levels`;

  it('100,000 nested arrays: a clear message, no stack overflow', async () => {
    expect((await failure(sourceFromText('deep.json', DEEP))).message).toBe(
      `deep.json: ${tooDeep}: not a transcript any importer reads`,
    );
    const blob = JSON.stringify({ foo: 1 }).slice(0, -1) + `,"x":${DEEP}}`;
    expect((await failure(sourceFromText('deep2.json', blob))).message).toBe(
      `deep2.json: ${tooDeep}: not a transcript any importer reads`,
    );
  });

  it('inside a recognised document: the import fails naming the depth', async () => {
    const chat = `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":${DEEP}}]}`;
    // One long line (the head ends inside it): its line number is given.
    expect((await failure(sourceFromText('chat.json', chat))).message).toBe(`chat.json:1: ${tooDeep}`);
    const pretty = `{\n  "messages": [\n    {"role": "user", "content": "hi"},\n    {"role": "assistant", "content": ${DEEP}}\n  ]\n}\n`;
    expect((await failure(sourceFromText('pretty.json', pretty))).message).toBe(`pretty.json: ${tooDeep}`);
    const traj = `{"trajectory":[{"action":"ls","observation":"a"}],"info":{"x":${DEEP}}}`;
    expect((await failure(sourceFromText('run.traj', traj))).message).toBe(`run.traj: ${tooDeep}`);
  });

  it('one deep line of a JSON Lines file is skipped with its line number; the rest imports', async () => {
    const loop = `{"type":"assistant","calls":[{"name":"ls"}]}\n{"type":"assistant","calls":[{"name":"x","args":${DEEP}}]}\n{"type":"assistant","text":"ok"}`;
    const r = await importSource(sourceFromText('deep.loop.jsonl', loop));
    expect(r.transcripts[0].turns).toHaveLength(2);
    expect(r.warnings).toEqual([{ file: 'deep.loop.jsonl', line: 2, reason: tooDeep }]);

    const cc = claudeCodeText(2).split('\n');
    cc.splice(1, 0, cc[0].replace('"cwd":"/repo"', `"cwd":${DEEP}`));
    const r2 = await importSource(sourceFromText('session.jsonl', cc.join('\n')));
    expect(r2.format).toBe('claude-code');
    expect(r2.warnings).toEqual([{ file: 'session.jsonl', line: 2, reason: `${tooDeep}; skipped` }]);
  });

  it('a deep sample inside an .eval is skipped with its entry name', async () => {
    const header = { version: 2, status: 'success', eval: { task: 't', model: 'm' } };
    const sample = {
      id: 1,
      epoch: 1,
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
      ],
    };
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify(header)),
      'samples/1_epoch_1.json': strToU8(JSON.stringify(sample)),
      'samples/2_epoch_1.json': strToU8(`{"id":2,"x":${DEEP}}`),
    });
    const r = await importSource(sourceFromBytes('run.eval', zip));
    expect(r.transcripts).toHaveLength(1);
    expect(r.warnings[0]).toEqual({ file: 'run.eval', reason: `samples/2_epoch_1.json: ${tooDeep}; skipped` });
  });

  it('arguments given as a deep JSON string stay a string; everything downstream copes', async () => {
    const chat = JSON.stringify({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: DEEP } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
      ],
    });
    const r = await importSource(sourceFromText('args.json', chat));
    const call = r.transcripts[0].turns[0].calls[0];
    expect(call.args).toBe(DEEP);
    expect(canonicalJson(call.args)).toBe(JSON.stringify(DEEP));
    expect(() => structuredClone(r)).not.toThrow();
    // The normaliser on its own, too: a JSON-string argument is decoded only when it is sane.
    const t = normalizeTranscript({
      format: 'x',
      turns: [{ calls: [{ name: 'f', args: deepArrays(MAX_JSON_DEPTH) }] }],
    });
    expect(Array.isArray(t.turns[0].calls[0].args)).toBe(true);
    expect(() => structuredClone(t)).not.toThrow();
  });
});

/** One broken record among good ones: [case, file, text, format, transcripts kept, the warning]. */
function breakLine(text: string, at: number, bad = '{oops'): string {
  const l = text.split('\n');
  l.splice(at - 1, 0, bad);
  return l.join('\n');
}
const NOT_JSON = "not valid JSON (Expected property name or '}' in JSON at position 1 (column 2))";
function withElement(file: string, edit: (doc: Record<string, unknown[]>) => void): string {
  const doc = JSON.parse(fixture(file)) as Record<string, unknown[]>;
  edit(doc);
  return JSON.stringify(doc, null, 2);
}
function corpusWith(path: string, edit: (doc: never) => void): string {
  const doc = JSON.parse(new TextDecoder().decode(corpus(path))) as never;
  edit(doc);
  return JSON.stringify(doc, null, 2);
}

const BROKEN: [string, string, string, string, number, ImportWarning][] = [
  [
    'loopscope-jsonl',
    'x.loop.jsonl',
    breakLine(loopscopeText(3), 3),
    'loopscope-jsonl',
    1,
    { file: 'x.loop.jsonl', line: 3, reason: NOT_JSON },
  ],
  [
    'claude-code',
    'session.jsonl',
    breakLine(claudeCodeText(3), 3),
    'claude-code',
    1,
    { file: 'session.jsonl', line: 3, reason: `${NOT_JSON}; skipped` },
  ],
  [
    'codex-rollout',
    'rollout-x.jsonl',
    breakLine(codexText(3), 3),
    'codex-rollout',
    1,
    { file: 'rollout-x.jsonl', line: 3, reason: NOT_JSON },
  ],
  [
    'openai-chat JSONL',
    'requests.jsonl',
    breakLine(openaiChatText(3), 2),
    'openai-chat',
    3,
    { file: 'requests.jsonl', line: 2, reason: NOT_JSON },
  ],
  [
    'gemini-cli JSONL',
    'session.jsonl',
    breakLine(geminiText(3), 3),
    'gemini-cli',
    1,
    { file: 'session.jsonl', line: 3, reason: NOT_JSON },
  ],
  [
    'openhands output.jsonl',
    'output.jsonl',
    breakLine(openhandsText(3), 2),
    'openhands',
    3,
    { file: 'output.jsonl', line: 2, reason: NOT_JSON },
  ],
  [
    'aider (a session with no reply)',
    '.aider.chat.history.md',
    '# aider chat started at 2025-01-01 10:00:00\n\n#### hi  \n\n# aider chat started at 2025-01-02 10:00:00\n\n#### fix it  \n\nDone.\n\n> Applied edit to a.py  \n',
    'aider',
    1,
    {
      file: '.aider.chat.history.md',
      line: 1,
      reason:
        'skipped 1 of 2 sessions with no assistant reply (only commands or harness output): the session starting at line 1',
    },
  ],
  [
    'openai-chat',
    'chat.json',
    withElement('openai-chat/request.json', (d) => d.messages.splice(2, 0, 42)),
    'openai-chat',
    1,
    { file: 'chat.json', reason: 'message 3 is not an object; skipped' },
  ],
  [
    'anthropic-messages',
    'a.json',
    withElement('anthropic-messages/request.json', (d) => d.messages.splice(2, 0, 'junk')),
    'anthropic-messages',
    1,
    { file: 'a.json', reason: 'message 3 is not an object; skipped' },
  ],
  [
    'openai-responses',
    'r.json',
    withElement('openai-responses/request.json', (d) => d.input.splice(2, 0, 7)),
    'openai-responses',
    1,
    { file: 'r.json', reason: 'input 3 is not an object; skipped' },
  ],
  [
    'gemini-cli',
    'g.json',
    withElement('gemini-cli/session-2025-09-18T14-02-5d1f6a2b.json', (d) => d.messages.splice(2, 0, 5)),
    'gemini-cli',
    1,
    { file: 'g.json', reason: 'message 3 is not an object; skipped' },
  ],
  [
    'otel-genai',
    'traces.json',
    withElement('otel-genai/traces.json', (d) =>
      (d.resourceSpans[0] as { scopeSpans: { spans: unknown[] }[] }).scopeSpans[0].spans.splice(1, 0, { name: 'x' }),
    ),
    'otel-genai',
    2,
    {
      file: 'traces.json',
      reason: '1 span(s) without traceId/spanId skipped: resourceSpans[0].scopeSpans[0].spans[1]',
    },
  ],
  [
    'openhands events',
    'basic.json',
    corpusWith('openhands/tests/runtime/trajs/basic.json', (d: unknown[]) => d.splice(2, 0, 9)),
    'openhands',
    1,
    { file: 'basic.json', reason: 'event #2: not an object; skipped' },
  ],
  [
    'swe-agent',
    'x.traj',
    corpusWith('swe-agent/trajectories/demonstrations/ctf/misc/networking_1.traj', (d: { trajectory: unknown[] }) =>
      d.trajectory.splice(1, 0, 3),
    ),
    'swe-agent',
    1,
    { file: 'x.traj', reason: 'trajectory step 2 is not an object; skipped' },
  ],
  [
    'moatless',
    'trajectory.json',
    corpusWith('moatless/tests/trajectories/django__django-9296.json', (d: { transitions: unknown[] }) =>
      d.transitions.splice(1, 0, 3),
    ),
    'moatless',
    1,
    { file: 'trajectory.json', reason: 'transition 1: not an object; skipped' },
  ],
  [
    'inspect-ai',
    'log.json',
    corpusWith(
      'inspect-ai/tests/analysis/test_logs/2025-05-12T20-27-36-04-00_browser.json',
      (d: { samples: unknown[] }) => d.samples.splice(1, 0, 3),
    ),
    'inspect-ai',
    0,
    { file: 'log.json', reason: 'samples[1] is not an object; skipped' },
  ],
];

describe('broken records: the rest imports, what was skipped is named', () => {
  it.each(BROKEN)('%s', async (_case, name, text, format, n, warning) => {
    const r = await importSource(sourceFromText(name, text));
    expect(r.format).toBe(format);
    if (n > 0) expect(r.transcripts).toHaveLength(n);
    expect(r.transcripts.every((t) => t.turns.length > 0)).toBe(true);
    expect(r.warnings[0]).toEqual(warning);
    expect(r.transcripts.reduce((s, t) => s + callCount(t), 0)).toBeGreaterThan(0);
  });

  it('a corrupt sample entry of an .eval is skipped by name', async () => {
    const header = { version: 2, status: 'success', eval: { task: 't', model: 'm' } };
    const sample = {
      id: 1,
      epoch: 1,
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', tool_calls: [{ id: 't', function: 'ls', arguments: {} }] },
      ],
    };
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify(header)),
      'samples/1_epoch_1.json': strToU8(JSON.stringify(sample)),
      'samples/2_epoch_1.json': strToU8('{"id": 2, "messages": [oops'),
    });
    const r = await importSource(sourceFromBytes('run.eval', zip));
    expect(r.transcripts).toHaveLength(1);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0].reason).toMatch(/^samples\/2_epoch_1\.json: not valid JSON \(.+\); skipped$/);
  });
});
