/**
 * User strings reach the TypeScript and JavaScript modules (and the latter's `.d.mts`) only
 * through tsValue / tsStringBody: for any config name, preset name and tool names, each file
 * parses without a diagnostic, its header comment ends where it should and gives the names back,
 * `config` equals the config, there is no import, and `replay` returns the engine's events.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStandalonePieces } from '../../scripts/standalone-pieces';
import { NonFiniteNumberError } from './escape/number';
import { detectEvents, withoutMessages, type DetectEvent } from './detect-json.test-util';
import { hostileCase, hostileConfig, hostileRun, REFUSED, writeJsonl } from './hostile-config.test-util';
import { loadTsModule } from './load-ts-module.test-util';
import { runMjs } from './run-mjs.test-util';
import { standaloneMjs, standaloneTs, type StandalonePieces } from './standalone-module';

const NAMES = String.raw`"((?:[^"\\\n]|\\.)*)"(?:, based on ((?:[^"\\\n]|\\.)*))?`;
const HEADER = new RegExp(String.raw`^ \* Loopscope loop detectors for the config ${NAMES}\.$`, 'm');
const TYPES_HEADER = new RegExp(
  String.raw`^ \* Types of the Loopscope module for the config ${NAMES}: the \.mjs file of the$`,
  'm',
);

let pieces: StandalonePieces;
beforeAll(async () => {
  pieces = await buildStandalonePieces(resolve(__dirname, '../..'));
}, 60_000);

/** Syntax errors of a module's text, as the TypeScript compiler reports them. */
function syntaxErrors(text: string, fileName = 'module.ts'): string[] {
  const r = ts.transpileModule(text, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, allowJs: true },
  });
  return (r.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Where the header's block comment ends, as the TypeScript scanner reads it. */
function headerCommentEnd(text: string): number {
  // Both modules start with this comment; the TypeScript one after its `// @ts-nocheck` line.
  const block = ts.getLeadingCommentRanges(text, 0)!.find((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia)!;
  return block.end;
}

describe('TypeScript module escaping', () => {
  it('writes user text in the header as escaped ASCII: nothing ends the comment or the line', () => {
    const { text } = standaloneTs(
      hostileConfig({ name: 'a */ b\nc', basedOn: 'é"', tool: 'x*/y', other: 'import z' }),
      pieces,
    );
    const lines = text.split('\n');
    expect(lines[2]).toBe(' * Loopscope loop detectors for the config "a *\\/ b\\nc", based on \\u00e9\\".');
    expect(text).toContain(' * - consecutive-repeat: explorationTools [x*\\/y], explorationThreshold 2,');
    expect(text).toContain('"modificationTools": [\n        "\\u0069mport z"\n      ]');
    expect(text).not.toMatch(/\bimport\b/);
    expect(headerCommentEnd(text)).toBe(text.indexOf('\n */\n') + 4);
  });

  it('refuses a non-finite number rather than writing null', () => {
    expect(() => standaloneTs({ version: -Infinity, detectors: {} } as never, pieces)).toThrow(NonFiniteNumberError);
  });

  it('property: any name, preset name and tool names parse, round-trip and give the engine’s events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-ts-property-'));
    const cases = fc.sample(hostileCase, { numRuns: 40, seed: 20261128 });
    for (const [i, c] of cases.entries()) {
      const config = hostileConfig(c);
      const { text } = standaloneTs(config, pieces);
      expect(syntaxErrors(text)).toEqual([]);
      expect(text).not.toMatch(/\bimport\b|\brequire\s*\(/);
      expect(headerCommentEnd(text)).toBe(text.indexOf('\n */\n') + 4);
      expect(namesOf(HEADER.exec(text)!)).toEqual({ name: c.name, basedOn: c.basedOn });
      const mod = await loadTsModule(text);
      expect(mod.config).toEqual(config);
      const lines = hostileRun(c);
      expect(withoutMessages(mod.replay(lines) as DetectEvent[])).toEqual(REFUSED);
      expect(mod.replay(lines)).toEqual(
        (await detectEvents(config, [writeJsonl(dir, `run${i}.loop.jsonl`, lines)]))[0],
      );
    }
  }, 60_000);
});

/** The names a header line gives back, unescaped. */
function namesOf(header: RegExpExecArray): { name: string; basedOn: string } {
  return {
    name: JSON.parse(`"${header[1]}"`) as string,
    basedOn: header[2] === undefined ? '' : (JSON.parse(`"${header[2]}"`) as string),
  };
}

describe('JavaScript module and .d.mts escaping', () => {
  it('writes user text in both headers as escaped ASCII: nothing ends the comment or the line', () => {
    const { text, types } = standaloneMjs(
      hostileConfig({ name: 'a */ b\nc', basedOn: 'é"', tool: 'x*/y', other: 'import z' }),
      pieces,
    );
    expect(text.split('\n')[1]).toBe(' * Loopscope loop detectors for the config "a *\\/ b\\nc", based on \\u00e9\\".');
    expect(types.split('\n')[1]).toBe(
      ' * Types of the Loopscope module for the config "a *\\/ b\\nc", based on \\u00e9\\": the .mjs file of the',
    );
    expect(text).toContain('"modificationTools": [\n        "\\u0069mport z"\n      ]');
    for (const file of [text, types]) {
      expect(file).not.toMatch(/\bimport\b/);
      expect(headerCommentEnd(file)).toBe(file.indexOf('\n */\n') + 4);
    }
  });

  it('property: any name, preset name and tool names parse, round-trip and give the engine’s events under plain node', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-mjs-property-'));
    const cases = fc.sample(hostileCase, { numRuns: 40, seed: 20261128 });
    const modules = cases.map((c) => standaloneMjs(hostileConfig(c), pieces));
    for (const [i, c] of cases.entries()) {
      const { text, types } = modules[i];
      // As JavaScript: a type annotation left in the .mjs would be an error here.
      expect(syntaxErrors(text, 'module.mjs')).toEqual([]);
      expect(syntaxErrors(types, 'types.mts')).toEqual([]);
      for (const file of [text, types]) {
        expect(file).not.toMatch(/\bimport\b|\brequire\s*\(/);
        expect(headerCommentEnd(file)).toBe(file.indexOf('\n */\n') + 4);
      }
      expect(namesOf(HEADER.exec(text)!)).toEqual({ name: c.name, basedOn: c.basedOn });
      expect(namesOf(TYPES_HEADER.exec(types)!)).toEqual({ name: c.name, basedOn: c.basedOn });
    }
    const runs = runMjs(modules.map((m, i) => ({ text: m.text, inputs: [hostileRun(cases[i])] })));
    for (const [i, c] of cases.entries()) {
      const config = hostileConfig(c);
      expect(runs[i].config).toEqual(config);
      expect(withoutMessages(runs[i].events[0])).toEqual(REFUSED);
      const run = writeJsonl(dir, `run${i}.loop.jsonl`, hostileRun(c));
      expect(runs[i].events[0]).toEqual((await detectEvents(config, [run]))[0]);
    }
  }, 60_000);
});
