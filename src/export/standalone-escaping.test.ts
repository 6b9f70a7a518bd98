/**
 * User strings reach the TypeScript module only through tsValue / tsStringBody: for any config
 * name, preset name and tool names, the module parses without a diagnostic, its header comment
 * ends where it should and gives the names back, `config` equals the config, there is no import,
 * and `replay` returns the engine's events.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStandalonePieces } from '../../scripts/standalone-pieces';
import { NonFiniteNumberError } from './escape/number';
import { engineEvents, hostileCase, hostileConfig, hostileRun, REFUSED, writeJsonl } from './hostile-config.test-util';
import { loadTsModule } from './load-ts-module.test-util';
import { standaloneTs, type StandalonePieces } from './standalone-module';

const HEADER =
  /^ \* Loopscope loop detectors for the config "((?:[^"\\\n]|\\.)*)"(?:, based on ((?:[^"\\\n]|\\.)*))?\.$/m;

let pieces: StandalonePieces;
beforeAll(async () => {
  pieces = await buildStandalonePieces(resolve(__dirname, '../..'));
}, 60_000);

/** Syntax errors of a module's text, as the TypeScript compiler reports them. */
function syntaxErrors(text: string): string[] {
  const r = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return (r.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Where the header's block comment ends, as the TypeScript scanner reads it. */
function headerCommentEnd(text: string): number {
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
      const header = HEADER.exec(text)!;
      expect(JSON.parse(`"${header[1]}"`)).toBe(c.name);
      expect(header[2] === undefined ? '' : JSON.parse(`"${header[2]}"`)).toBe(c.basedOn);
      const mod = await loadTsModule(text);
      expect(mod.config).toEqual(config);
      const lines = hostileRun(c);
      expect(mod.replay(lines)).toEqual(REFUSED);
      expect(mod.replay(lines)).toEqual(await engineEvents(config, writeJsonl(dir, `run${i}.loop.jsonl`, lines)));
    }
  }, 60_000);
});
