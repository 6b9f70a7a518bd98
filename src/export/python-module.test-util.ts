/**
 * What the Python module's tests share: the bundled samples, which detectors and presets are
 * ported, the module run under python3 and `loopscope detect --json` on the same files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import type { DetectorSettings, EngineConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { BUNDLED_SAMPLES } from '../samples/bundled.test-util';

const SAMPLES = resolve(__dirname, '../samples');
/** Every bundled sample, by path, sorted. */
export const SAMPLE_FILES = BUNDLED_SAMPLES.map((name) => join(SAMPLES, `${name}.loop.jsonl`));
/** The detectors the module ports, pinned: a detector added to the engine fails until it is ported. */
export const PORTED = [
  'bash-failure-cascade',
  'batch-repeat',
  'consecutive-repeat',
  'content-chanting',
  'cycle',
  'doom-loop',
  'exact-repeat',
  'global-doom-loop',
  'hermes-guard',
  'identical-streak',
  'llm-judge',
  'no-progress',
  'openhands-stuck',
  'pattern',
  'qwen-loop',
  'same-result',
  'similar-args',
  'step-repeat',
  'stuck-loop',
  'summary-loop',
  'test-fix',
  'tool-loop',
];

/** The module's replay_with_messages(lines) on each file (its assistant lines only if asked), under python3. */
export function python(module: string, files: string[], assistantOnly: boolean): unknown[][] {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-'));
  writeFileSync(join(dir, 'mod.py'), module);
  writeFileSync(
    join(dir, 'run.py'),
    [
      'import json, sys',
      'import mod',
      'out = []',
      'for f in sys.argv[2:]:',
      '    lines = [json.loads(l) for l in open(f, encoding="utf-8") if l.strip()]',
      '    if sys.argv[1] == "assistant":',
      '        lines = [l for l in lines if l.get("type") == "assistant"]',
      '    out.append(mod.replay_with_messages(lines))',
      'print(json.dumps(out))',
    ].join('\n'),
  );
  const out = execFileSync('python3', [join(dir, 'run.py'), assistantOnly ? 'assistant' : 'all', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out) as unknown[][];
}

/** `loopscope detect --json` on the files under a config: each file's events, messages included. */
export async function engineEvents(config: EngineConfig, files: string[]): Promise<unknown[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-config-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ config }));
  const { code, out } = await cli('detect', '--json', ...files, '--config', file);
  expect(code).toBe(0);
  return out
    .trimEnd()
    .split('\n')
    .map((l) => (JSON.parse(l) as { events: Record<string, unknown>[] }).events);
}

export const recommended = PRESETS.find((p) => p.name === 'recommended')!;
/** The recommended preset with its no-progress settings changed. */
export const np = (s: Record<string, unknown>, extra: Partial<EngineConfig> = {}): EngineConfig => ({
  name: 'recommended (tuned)',
  basedOn: 'recommended',
  ...extra,
  detectors: { 'no-progress': { ...recommended.detectors['no-progress'], ...(s as Partial<DetectorSettings>) } },
});
