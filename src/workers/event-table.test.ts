import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { ReplaySession } from '../engine/replay-session';
import type { DetectorEvent } from '../engine/types';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { decodeEvents, encodeEvents, eventTableBuffers } from './event-table';

const SAMPLES = [
  'missing-path-ls-loop.loop.jsonl',
  'same-error-forever.loop.jsonl',
  'edit-test-oscillation.loop.jsonl',
  'swarm-global-doom-loop.loop.jsonl',
];

describe('event tables', () => {
  it('give back every preset’s events on every sample as the engine made them, through a structured clone', async () => {
    let total = 0;
    for (const name of SAMPLES) {
      const text = readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');
      const session = new ReplaySession((await importSource(sourceFromText(name, text))).transcripts[0]);
      for (const preset of PRESETS) {
        const { events } = session.run(resolveConfig(preset));
        const table = structuredClone(encodeEvents(events));
        expect(decodeEvents(table)).toEqual(events);
        // Keys in the engine's order, absent ones absent: a JSON export reads the same.
        expect(JSON.stringify(decodeEvents(table))).toBe(JSON.stringify(events));
        total += events.length;
      }
    }
    expect(total).toBe(491);
  });

  it('holds each distinct message and pattern once, and moves its columns', () => {
    const loop = (turn: number, call?: number): DetectorEvent => ({
      turn,
      detector: 'exact-repeat',
      action: turn > 3 ? 'terminate' : 'warn',
      level: turn,
      message: 'Loop detected: bash 3 times',
      ...(call === undefined ? {} : { call }),
      pattern: ['bash:{"command":"ls"}'],
      ...(turn > 4 ? { afterStop: true } : {}),
    });
    const events = [loop(1, 1), loop(2), loop(3, 2), loop(4, 1), loop(5, 1)];
    const table = encodeEvents(events);
    expect(table.texts).toEqual(['Loop detected: bash 3 times']);
    expect(table.patterns).toEqual([['bash:{"command":"ls"}']]);
    expect([...table.call]).toEqual([1, -1, 2, 1, 1]);
    expect([...table.flags]).toEqual([0, 0, 0, 0, 1]);
    expect(decodeEvents(table)).toEqual(events);
    expect(eventTableBuffers(table)).toHaveLength(8);
    expect(decodeEvents(encodeEvents([]))).toEqual([]);
  });
});
