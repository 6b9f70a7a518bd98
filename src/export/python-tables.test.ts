/**
 * The tables the Python module is written with hold the engine's values: python3 reads back the
 * registry defaults and every preset unchanged, and format_message writes every template as the
 * engine's formatMessage does, for values that look like placeholders or replacement patterns.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGE_TEMPLATES, type MessageKey } from '../engine/detectors/message-templates';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { pythonModule } from './python-module';
import { PY_TABLE_NAMES } from './python-tables';

const KEYS = Object.keys(MESSAGE_TEMPLATES) as MessageKey[];
const NAMES = [
  ...new Set(KEYS.flatMap((k) => [...MESSAGE_TEMPLATES[k].matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]))),
];
const VALUE_SETS: Record<string, string | number>[] = [
  Object.fromEntries(NAMES.map((n, i) => [n, i % 2 ? i : `{${n}}`])),
  Object.fromEntries(NAMES.map((n) => [n, '$& $1 $$ %s %d \\ \'"\u2028é😀'])),
  Object.fromEntries(NAMES.map((n, i) => [n, [0.5, 1e21, -0, 3, 2 ** 53 + 2][i % 5]])),
];

function pythonEval(expression: string): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-tables-'));
  writeFileSync(join(dir, 'mod.py'), pythonModule({ detectors: {} }));
  writeFileSync(join(dir, 'probe.py'), `import json, mod\nprint(json.dumps(${expression}))\n`);
  return JSON.parse(execFileSync('python3', ['probe.py'], { cwd: dir, encoding: 'utf8' }));
}

describe('Python module tables', () => {
  it('no hand-ported file defines a name the tables write (a copy would drift from the engine)', () => {
    const root = join(__dirname, 'python');
    const redefined = ['core', 'detectors'].flatMap((dir) =>
      readdirSync(join(root, dir)).flatMap((f) => {
        const text = readFileSync(join(root, dir, f), 'utf8');
        return PY_TABLE_NAMES.filter((n) => new RegExp(`^${n} =`, 'm').test(text)).map((n) => `${dir}/${f}: ${n}`);
      }),
    );
    expect(redefined).toEqual([]);
    expect(PY_TABLE_NAMES).toContain('_NP_STATUS_LINE');
  });

  it('carries every detector’s defaults and every preset as the engine defines them', () => {
    const got = pythonEval('{"defaults": mod.DEFAULTS, "presets": mod.PRESETS}') as {
      defaults: unknown;
      presets: Record<string, unknown>;
    };
    expect(got.defaults).toEqual(Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, d.defaults])));
    expect(got.presets).toEqual(Object.fromEntries(PRESETS.map((p) => [p.name, p])));
    expect(Object.keys(got.presets)).toContain('recommended');
  });

  it('format_message writes every template as the engine does, never reading a value as a placeholder', () => {
    const cases = VALUE_SETS.flatMap((values) => KEYS.map((key) => ({ key, values })));
    const got = pythonEval(
      `[mod.format_message(c["key"], **c["values"]) for c in json.loads(${JSON.stringify(JSON.stringify(cases))})]`,
    );
    expect(got).toEqual(cases.map(({ key, values }) => formatMessage(key, values)));
    expect(formatMessage('identical-streak.stop', { tool: '{count}', count: 3 })).toBe(
      'Loop detected: {count} called 3 times in a row with identical arguments.',
    );
    expect(() => formatMessage('identical-streak.stop', { tool: 'x' })).toThrow(
      'message identical-streak.stop: no value for {count}',
    );
  });
});
