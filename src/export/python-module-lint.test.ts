/**
 * The generated Python is clean: it compiles (`python3 -m py_compile`) and pyflakes (Debian's
 * pyflakes3, installed by scripts/ensure-python-tools.sh) reports nothing, for every preset, every
 * detector at once and a config whose every user string is hostile.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { hostileConfig } from './hostile-config.test-util';
import { pythonModule } from './python-module';
import { PORTED } from './python-module.test-util';

const CONFIGS: EngineConfig[] = [
  ...PRESETS,
  { name: 'every detector', detectors: Object.fromEntries(PORTED.map((id) => [id, { enabled: true }])) },
  { name: 'nothing enabled', detectors: {} },
  hostileConfig({
    name: `"""\\N{x}\u0000'; import os #`,
    basedOn: '\\U0001F600\r\n"',
    tool: 't\u2028"""',
    other: "o'''\\x",
  }),
];

describe('Python module lint', () => {
  it('compiles and passes pyflakes for every preset, every detector and a hostile config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-lint-'));
    const files = CONFIGS.map((c, i) => {
      const file = join(dir, `loopscope_${i}.py`);
      writeFileSync(file, pythonModule(c));
      return file;
    });
    execFileSync('python3', ['-m', 'py_compile', ...files]);
    const pyflakes = spawnSync('pyflakes3', files, { encoding: 'utf8' });
    // Missing in CI is a failure with the way out, never a skip.
    if (pyflakes.error)
      throw new Error('pyflakes3 is missing: run scripts/ensure-python-tools.sh (apt-get install pyflakes3)');
    expect(pyflakes.stdout + pyflakes.stderr).toBe('');
    expect(pyflakes.status).toBe(0);
  }, 120_000);
});
