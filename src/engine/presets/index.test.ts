import { STABLE_NAMES } from './stable-names.test-util';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from '../../import/loopscope-jsonl';
import { sourceFromText } from '../../import/source';
import { resolveConfig, validateConfig } from '../config';
import { DETECTOR_DEFS } from '../detectors/registry';
import { DETECTOR_IDS } from '../types';
import { replay } from '../replay';
import { presetMarkdown } from './describe';
import { PRESETS, presetByName } from './index';

const SAMPLES = join(__dirname, '../../samples');

describe('every preset', () => {
  it('has a stable, unique name; all the promised names are there', () => {
    const names = PRESETS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of STABLE_NAMES) expect(presetByName(n)?.name).toBe(n);
  });

  it.each(PRESETS.map((p) => [p.name, p] as const))('%s validates and resolves with every detector present', (_, p) => {
    expect(validateConfig(structuredClone(p))).toEqual(p);
    const r = resolveConfig(p);
    expect(Object.keys(r.detectors).sort()).toEqual([...DETECTOR_IDS].sort());
    // Exactly the detectors the preset names are enabled.
    expect(DETECTOR_IDS.filter((id) => r.detectors[id].enabled)).toEqual(
      DETECTOR_IDS.filter((id) => p.detectors[id] && p.detectors[id]!.enabled !== false),
    );
  });

  it.each(PRESETS.map((p) => [p.name, p] as const))('%s replays every bundled sample', async (_, p) => {
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.loop.jsonl'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const t = (await parseLoopscopeJsonl(sourceFromText(f, readFileSync(join(SAMPLES, f), 'utf8')))).transcripts[0];
      const r = replay(t, p);
      expect(r.turns).toBe(t.turns.length);
      for (const e of r.events) expect(p.detectors[e.detector]).toBeDefined();
    }
  });
});

describe('docs/detectors.md', () => {
  const docs = readFileSync(join(__dirname, '../../../docs/detectors.md'), 'utf8');

  it.each(PRESETS.map((p) => [p.name, p] as const))('lists the full config of %s', (_, p) => {
    expect(docs).toContain(presetMarkdown(p));
  });

  it.each(DETECTOR_DEFS.map((d) => [d.id, d] as const))('documents %s and every one of its parameters', (id, def) => {
    const start = docs.indexOf(`## \`${id}\``);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = docs.indexOf('\n## ', start + 1);
    const section = docs.slice(start, end < 0 ? undefined : end);
    for (const p of def.params) expect([id, p.key, section.includes(`\`${p.key}\``)]).toEqual([id, p.key, true]);
  });
});
