/**
 * User strings reach the Python module only as escaped literals: for any config name, preset name
 * and tool names, the module parses, imports, carries them unchanged, returns the engine's events,
 * and a payload in them never runs. python3 runs every case of a property in one process.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NonFiniteNumberError } from './escape/number';
import {
  engineEvents,
  hostileCase,
  hostileConfig,
  hostileRun,
  REFUSED,
  writeJsonl,
  type HostileCase,
} from './hostile-config.test-util';
import { pythonModule } from './python-module';
import { enabledSettings, settingsLine } from './standalone-module';

interface Imported {
  doc: string;
  config: unknown;
  events: unknown[];
  /** replay_with_messages: the messages carry the tool names. */
  withMessages: unknown[];
}

const IMPORT_ALL = [
  'import ast, importlib.util, json, sys',
  'out = []',
  'for i, c in enumerate(json.load(open(sys.argv[1], encoding="utf-8"))):',
  '    ast.parse(open(c["module"], encoding="utf-8").read())',
  '    spec = importlib.util.spec_from_file_location("m%d" % i, c["module"])',
  '    m = importlib.util.module_from_spec(spec)',
  '    spec.loader.exec_module(m)',
  '    lines = [json.loads(l) for l in open(c["run"], encoding="utf-8") if l.strip()]',
  '    out.append({"doc": m.__doc__, "config": m.CONFIG, "events": m.replay(lines), "withMessages": m.replay_with_messages(lines)})',
  'print(json.dumps(out))',
].join('\n');

/** Writes each case's module and run, imports them all in one python3 (cwd: the folder). */
function importAll(dir: string, modules: string[], runs: string[]): Imported[] {
  const cases = modules.map((text, i) => {
    const module = join(dir, `m${i}.py`);
    writeFileSync(module, text);
    return { module, run: runs[i] };
  });
  writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases));
  writeFileSync(join(dir, 'import_all.py'), IMPORT_ALL);
  const out = execFileSync('python3', ['import_all.py', 'cases.json'], { cwd: dir, encoding: 'utf8' });
  return JSON.parse(out) as Imported[];
}

describe('Python module escaping', () => {
  it('a share link runs code on the user’s machine: a config named with a payload imports inert', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-payload-'));
    const c: HostileCase = {
      name: `"";__import__('os').system('touch PWNED');x=""`,
      basedOn: `"""\n__import__('os').system('touch PWNED')\n"""`,
      tool: 'ls',
      other: 'write',
    };
    const config = hostileConfig(c);
    const run = writeJsonl(dir, 'run.loop.jsonl', hostileRun(c));
    const [got] = importAll(dir, [pythonModule(config)], [run]);
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    expect(got.doc.split('\n')[0]).toBe(`Loopscope loop detectors for the config "${c.name}", based on """`);
    expect(got.config).toEqual(config);
    expect(got.events).toEqual(REFUSED);
    expect(got.events).toEqual(await engineEvents(config, run));
    expect(got.withMessages).toEqual(await engineEvents(config, run, true));
  });

  it('names with \\U, \\N, \\x, a NUL or ending in "" make a module that parses and keeps them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-names-'));
    const names = ['C:\\Users\\me', 'a \\N{bullet}', 'x\\x4', 'nul\0here', 'ends in ""', '"'];
    const run = writeJsonl(dir, 'run.loop.jsonl', [{ type: 'assistant', calls: [] }]);
    const modules = names.map((name) => pythonModule({ name, detectors: { pattern: {} } }));
    const got = importAll(
      dir,
      modules,
      names.map(() => run),
    );
    expect(got.map((g) => (g.config as { name: string }).name)).toEqual(names);
    expect(got.map((g) => g.doc.split('\n')[0])).toEqual(
      names.map((n) => `Loopscope loop detectors for the config "${n}".`),
    );
  });

  it('writes the docstring as escaped text: printable ASCII only, nothing that ends it', () => {
    const text = pythonModule(hostileConfig({ name: 'a"""b\\', basedOn: 'é\u2028', tool: 'x\ny', other: 'z' }));
    const doc = text.slice(0, text.indexOf('"""', 3) + 3);
    expect(doc.split('\n')[0]).toBe(
      '"""Loopscope loop detectors for the config "a\\"\\"\\"b\\\\", based on \\xe9\\u2028.',
    );
    expect(doc).toContain('- consecutive-repeat: explorationTools [x\\ny], explorationThreshold 2,');
    expect(doc).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('refuses a non-finite number rather than writing Infinity', () => {
    expect(() => pythonModule({ version: Infinity, detectors: {} } as never)).toThrow(NonFiniteNumberError);
  });

  it('property: any name, preset name and tool names parse, import, round-trip and give the engine’s events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-property-'));
    const cases = fc.sample(hostileCase, { numRuns: 60, seed: 20261128 });
    const configs = cases.map(hostileConfig);
    const runs = cases.map((c, i) => writeJsonl(dir, `run${i}.loop.jsonl`, hostileRun(c)));
    const got = importAll(
      dir,
      configs.map((c) => pythonModule(c)),
      runs,
    );
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    for (const [i, c] of cases.entries()) {
      const settings = settingsLine(enabledSettings(configs[i])[0].settings);
      expect(got[i].config).toEqual(configs[i]);
      const first = `Loopscope loop detectors for the config "${c.name}"${c.basedOn ? `, based on ${c.basedOn}` : ''}.\n`;
      expect(got[i].doc.slice(0, first.length)).toBe(first);
      expect(got[i].doc).toContain(`- consecutive-repeat: ${settings}\n`);
      // Fires only if the tool name reached the module intact (the default threshold is 5).
      expect(got[i].events).toEqual(REFUSED);
      expect(got[i].events).toEqual(await engineEvents(configs[i], runs[i]));
      // The messages name the tool: the same text, character for character, as the engine's.
      expect(got[i].withMessages).toEqual(await engineEvents(configs[i], runs[i], true));
    }
  }, 60_000);
});
