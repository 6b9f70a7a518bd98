/**
 * The live monitor, fed a run line by line, gives exactly `replay`'s events, `loopscope detect
 * --json`'s and a replay session's (whose detectors get the whole transcript at once), messages
 * included, in the same order, and each `observe` returns the events of its own turn: for every preset (and every detector at once), every bundled sample, and real runs of
 * every framework folder of the corpus.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { ReplaySession } from '../engine/replay-session';
import { BUNDLED_SAMPLES, bundledSampleText } from '../samples/bundled.test-util';
import { importFile } from './import';
import { createMonitor, replay, type EngineConfig, type LoopscopeEvent } from './index';

const REAL_DIR = resolve(__dirname, '../../corpus/real');
/** Real transcripts taken from each framework folder (the first ones of its smallest entry): keeps the test short. */
const PER_FOLDER = 4;

function allDetectors(): EngineConfig {
  const detectors: EngineConfig['detectors'] = {};
  for (const def of DETECTOR_DEFS) detectors[def.id] = { enabled: true };
  return { name: 'all-detectors', detectors };
}

const CONFIGS: EngineConfig[] = [...PRESETS, allDetectors()];

/**
 * The file's lines in the order a live run gives them: a judge answer for turn T is the check made
 * when T starts, so it comes before T (the file writer puts it after T).
 */
function liveOrder(text: string): object[] {
  const lines = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { type?: string; turn?: number });
  const judge = lines.filter((l) => l.type === 'judge');
  const out: object[] = [];
  let turn = 0;
  for (const l of lines) {
    if (l.type === 'judge') continue;
    if (l.type === undefined || l.type === 'assistant') {
      turn++;
      for (const j of judge) if (j.turn === turn) out.push(j);
    }
    out.push(l);
  }
  for (const j of judge) if ((j.turn ?? 0) > turn) out.push(j);
  return out;
}

/** Feeds the lines one by one; checks each observe returns only its own turn's events. */
function monitorEvents(lines: readonly object[], config: EngineConfig): LoopscopeEvent[] {
  const m = createMonitor(config);
  let turn = 0;
  for (const line of lines) {
    const type = (line as { type?: string }).type;
    const isTurn = type === undefined || type === 'assistant';
    if (isTurn) turn++;
    const fresh = m.observe(line);
    expect(fresh.every((e) => e.turn === turn)).toBe(true);
    if (!isTurn) expect(fresh).toEqual([]);
  }
  expect(m.warnings).toEqual([]);
  return [...m.events];
}

/** A file's size, or a folder's files' total. */
function sizeOf(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((n, f) => n + sizeOf(join(path, f)), 0);
}

async function realRuns(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of readdirSync(REAL_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const entries = readdirSync(join(REAL_DIR, folder.name)).filter(
      (f) => !/LICENSE|NOTICE|README|\.md$|\.tsv$/.test(f),
    );
    const sizes = entries.map((e) => ({ e, size: sizeOf(join(REAL_DIR, folder.name, e)) }));
    sizes.sort((a, b) => a.size - b.size);
    const { code, out } = await cli('convert', join(REAL_DIR, folder.name, sizes[0].e));
    expect(code).toBe(0);
    out
      .split(/\n(?=\{"type":"meta")/)
      .slice(0, PER_FOLDER)
      .forEach((p, j) => {
        const name = join(dir, `${folder.name}-${j}.loop.jsonl`);
        writeFileSync(name, p.endsWith('\n') ? p : p + '\n');
        files.push(name);
      });
  }
  return files;
}

describe('createMonitor fed line by line', () => {
  const runs: { name: string; file: string; lines: object[]; session?: ReplaySession }[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-monitor-'));
    for (const s of BUNDLED_SAMPLES) {
      const file = join(dir, `${s}.loop.jsonl`);
      writeFileSync(file, bundledSampleText(s));
      runs.push({ name: s, file, lines: liveOrder(bundledSampleText(s)) });
    }
    // A plain loop every preset catches: the same failing call again and again (three a turn, for the
    // presets that count within a turn) after a user prompt.
    const loop = [
      { type: 'user', text: 'Run the tests.' },
      ...Array.from({ length: 20 }, () => ({
        text: 'Running the tests again.',
        calls: Array.from({ length: 3 }, () => ({
          name: 'bash',
          args: { command: 'npm test' },
          result: { content: 'Error: 3 failing', isError: true },
        })),
      })),
    ];
    const loopFile = join(dir, 'same-failing-call.loop.jsonl');
    // The file reader needs every line's type; the API takes a turn without one.
    writeFileSync(loopFile, loop.map((l) => JSON.stringify({ type: 'assistant', ...l }) + '\n').join(''));
    runs.push({ name: 'same-failing-call', file: loopFile, lines: loop });
    for (const file of await realRuns(dir))
      runs.push({ name: basename(file), file, lines: liveOrder(readFileSync(file, 'utf8')) });
    // A session hands every detector the whole transcript at once: a detector that looked ahead
    // would differ there from a live run.
    for (const r of runs) r.session = new ReplaySession((await importFile(r.file))[0].transcripts[0]);
  }, 60_000);

  it('covers every sample and every framework folder of the real corpus', () => {
    expect(runs.length).toBeGreaterThan(BUNDLED_SAMPLES.length + 10);
    const folders = new Set(
      runs.slice(BUNDLED_SAMPLES.length + 1).map((r) => r.name.replace(/-\d+\.loop\.jsonl$/, '')),
    );
    expect([...folders].sort()).toEqual(
      readdirSync(REAL_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort(),
    );
  });

  it.each(CONFIGS.map((c) => [c.name ?? '', c] as const))(
    'gives replay’s and detect --json’s events under %s',
    async (name, config) => {
      const configFile = join(tmpdir(), `loopscope-monitor-${process.pid}-${name}.json`);
      writeFileSync(configFile, JSON.stringify(config));
      const { code, out } = await cli('detect', ...runs.map((r) => r.file), '--config', configFile, '--json');
      expect(code).toBe(0);
      const detected = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { events: LoopscopeEvent[] });
      expect(detected.length).toBe(runs.length);
      let fired = 0;
      runs.forEach((r, i) => {
        const live = monitorEvents(r.lines, config);
        expect({ run: r.name, events: live }).toEqual({ run: r.name, events: replay(r.lines, config) });
        expect({ run: r.name, events: live }).toEqual({ run: r.name, events: detected[i].events });
        expect({ run: r.name, events: live }).toEqual({
          run: r.name,
          events: r
            .session!.run(config)
            .events.map(({ turn, call, detector, action, level, message }) =>
              call === undefined
                ? { turn, detector, action, level, message }
                : { turn, call, detector, action, level, message },
            ),
        });
        fired += live.length;
      });
      // Every config's comparison includes events (a config that never fires would prove little).
      expect(fired).toBeGreaterThan(0);
    },
    60_000,
  );
});
