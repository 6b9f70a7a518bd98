import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount, type Transcript } from '../model/transcript';
import { foreignHeads } from './fixture-heads.test-util';
import { importSource } from './index';
import { moatlessImporter, parseMoatless } from './moatless';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';

const CORPUS = resolve(__dirname, '../../corpus/real/moatless/tests/trajectories');
const bytesOf = (file: string) => new Uint8Array(readFileSync(`${CORPUS}/${file}`));
const read = (file: string) => parseMoatless(sourceFromBytes(file, bytesOf(file)));
const calls = (t: Transcript) => t.turns.flatMap((x) => x.calls);
const errors = (t: Transcript) => calls(t).filter((c) => c.result?.isError).length;

// Every Moatless file of the corpus: [path, title, turns, calls, retries (isError), final state].
const CORPUS_FILES: [string, string, number, number, number, string][] = [
  ['django__django-11095/trajectory.json', 'django__django-11095', 12, 12, 0, 'EditCode'],
  ['django__django-15104/trajectory.json', 'django__django-15104', 16, 16, 6, 'EditCode'],
  ['django__django-9296.json', 'django__django-9296', 5, 5, 0, 'EditCode'],
  ['django__django-9296/trajectory-correction.json', 'django__django-9296', 7, 7, 3, 'Rejected'],
  ['django__django-9296/trajectory.json', 'django__django-9296', 7, 7, 3, 'Rejected'],
  ['django__django-9296_not_complete_edit.json', 'django__django-9296', 5, 5, 0, 'EditCode'],
  ['django__django_16379.json', 'django__django_16379', 6, 6, 0, 'Finished'],
  ['psf__requests-1724/trajectory-correction.json', 'psf__requests-1724', 19, 19, 3, 'Finished'],
  ['psf__requests-1724/trajectory.json', 'psf__requests-1724', 10, 10, 1, 'EditCode'],
  [
    'scikit-learn__scikit-learn-13439/trajectory-correction.json',
    'scikit-learn__scikit-learn-13439',
    7,
    7,
    0,
    'Finished',
  ],
  [
    'scikit-learn__scikit-learn-13439/trajectory.json',
    'scikit-learn__scikit-learn-13439',
    5,
    5,
    0,
    'ClarifyCodeChange',
  ],
  ['scikit-learn__scikit-learn-13779/trajectory.json', 'scikit-learn__scikit-learn-13779', 18, 18, 5, 'PlanToCode'],
];

describe('moatless importer: every corpus file', () => {
  it.each(CORPUS_FILES)('%s', async (file, title, turns, nCalls, nErrors, finalState) => {
    const { transcripts, warnings } = await read(file);
    expect(warnings).toEqual([]);
    expect(transcripts).toHaveLength(1);
    const [t] = transcripts;
    expect([t.format, t.title, t.turns.length, callCount(t), errors(t)]).toEqual([
      'moatless',
      title,
      turns,
      nCalls,
      nErrors,
    ]);
    expect(t.extra).toEqual({ finalState });
    expect(t.turns[0].calls[0].name).toBe('SearchCode');
    await expectRoundTrip(t);
  });
});

describe('moatless importer: calls, results, tokens', () => {
  it('django__django-15104: transition name is the tool, request the args, scratch_pad the text', async () => {
    const [t] = (await read('django__django-15104/trajectory.json')).transcripts;
    expect(t.turns[0].before).toHaveLength(1);
    expect(
      t.turns[0].before![0].text.startsWith(
        'KeyError with migration autodetector and FK field with hardcoded reference',
      ),
    ).toBe(true);
    expect(t.turns[0]).toMatchObject({ index: 1, timestamp: '2024-08-16T20:14:56.784043' });
    expect(
      t.turns[0].text.startsWith('To address this issue, we need to focus on the autodetector functionality'),
    ).toBe(true);
    expect(t.turns[0].tokens).toBeUndefined();
    expect(t.turns[0].calls[0]).toMatchObject({
      name: 'SearchCode',
      args: {
        search_requests: [
          {
            file_pattern: '**/migrations/*.py',
            query: 'MigrationAutodetector class with generate_renamed_models method',
            class_names: [],
            function_names: [],
          },
          {
            file_pattern: '**/models/fields/*.py',
            query: 'ForeignKey class with deconstruct method',
            class_names: [],
            function_names: [],
          },
        ],
        complete: false,
      },
      result: { isError: false },
    });
    expect(t.turns[0].calls[0].result!.content.startsWith('{"trigger":"did_search","output":{"ranked_spans":[')).toBe(
      true,
    );
    expect(t.turns[3]).toMatchObject({
      tokens: { input: 4910, output: 248 },
      calls: [{ name: 'PlanToCode', args: { action: 'modify' } }],
    });
  });

  it('django__django-15104: a retry is an error, a reject is not; both actions of one transition are turns', async () => {
    const [t] = (await read('django__django-15104/trajectory.json')).transcripts;
    expect(t.turns[4]).toMatchObject({
      text: '',
      timestamp: '2024-08-16T20:15:17.079121',
      tokens: { input: 2905, output: 469 },
    });
    expect(t.turns[4].calls[0]).toMatchObject({
      index: 5,
      name: 'EditCode',
      result: {
        content:
          '{"trigger":"retry","retry_message":"The code in the replace tag is the same as in the search. Use the reject function if you can\'t do any changes and want to reject the instructions."}',
        isError: true,
      },
    });
    expect(
      (t.turns[4].calls[0].args as { content: string }).content.startsWith(
        '<replace>\n    def generate_renamed_models(self):',
      ),
    ).toBe(true);
    expect(t.turns[5]).toMatchObject({
      timestamp: '2024-08-16T20:15:17.079121',
      calls: [{ index: 6, name: 'EditCode', result: { isError: false } }],
    });
    expect(
      t.turns[5].calls[0].result!.content.startsWith(
        '{"trigger":"reject","output":{"message":"\\nThe code in the search tag',
      ),
    ).toBe(true);
  });

  it('django__django-11095: older file without timestamps; tokens only where a completion has usage', async () => {
    const [t] = (await read('django__django-11095/trajectory.json')).transcripts;
    expect(t.turns.every((x) => x.timestamp === undefined)).toBe(true);
    expect(t.turns.slice(0, 5).map((x) => [x.calls[0].name, x.tokens])).toEqual([
      ['SearchCode', undefined],
      ['IdentifyCode', undefined],
      ['DecideRelevance', undefined],
      ['PlanToCode', { input: 14023, output: 338 }],
      ['EditCode', { input: 10304, output: 253 }],
    ]);
  });

  it('warns about an action that is not an object and keeps going', async () => {
    const doc = {
      name: 'MoatlessTools',
      initial_message: 'Fix it',
      transitions: [
        { id: 0, name: 'Pending' },
        { id: 1, name: 'SearchCode', actions: [42] },
      ],
    };
    const { transcripts, warnings } = await parseMoatless(sourceFromText('t.json', JSON.stringify(doc)));
    expect(transcripts[0].turns).toEqual([]);
    expect(transcripts[0].after).toEqual([{ role: 'user', text: 'Fix it' }]);
    expect(warnings).toEqual([
      { file: 't.json', reason: 'transition 1 (SearchCode) action 1: action is not an object; skipped' },
    ]);
  });
});

describe('moatless importer: sniffing', () => {
  it('does not claim trajectory.json by name: content decides', () => {
    expect(moatlessImporter.matchesName('trajectory.json')).toBe(false);
  });

  it('claims every Moatless corpus file by content ("transitions")', async () => {
    for (const [file] of CORPUS_FILES) {
      const bytes = bytesOf(file);
      expect(
        moatlessImporter.sniff(new TextDecoder().decode(bytes.subarray(0, 65536)), 'trajectory.json'),
        file,
      ).toBeNull();
      expect((await importSource(sourceFromBytes('trajectory.json', bytes))).format, file).toBe('moatless');
    }
  });

  it("claims no other format's file", () => {
    for (const h of foreignHeads('moatless').filter((x) => !x.label.startsWith('corpus/moatless/')))
      expect(moatlessImporter.sniff(h.head, h.name), h.label).not.toBeNull();
    expect(moatlessImporter.sniff('{"transitions": 3}', 'x.json')).toBe(
      '"transitions" without Moatless states (name, actions) or an "initial_message"',
    );
  });
});
