/**
 * The speedscope-style proof every importer owes: canonical -> Loopscope JSONL -> canonical
 * gives the same model. `format` and `source` may differ (the copy is a loopscope-jsonl file).
 */
import { expect } from 'vitest';
import type { Transcript } from '../model/transcript';
import { parseLoopscopeJsonl } from './loopscope-jsonl';
import { sourceFromText } from './source';
import { writeLoopscopeJsonl } from './write-loopscope-jsonl';

function comparable(t: Transcript) {
  return { title: t.title, turns: t.turns, labels: t.labels, judge: t.judge, after: t.after, extra: t.extra };
}

export async function expectRoundTrip(t: Transcript): Promise<Transcript> {
  const text = writeLoopscopeJsonl(t);
  const { transcripts, warnings } = await parseLoopscopeJsonl(sourceFromText('roundtrip.loop.jsonl', text));
  expect(warnings).toEqual([]);
  expect(transcripts).toHaveLength(1);
  expect(comparable(transcripts[0])).toEqual(comparable(t));
  return transcripts[0];
}
