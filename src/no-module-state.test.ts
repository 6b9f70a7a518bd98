/**
 * No mutable module-level variables under src: state that lives across calls is a typed object
 * created where it is used (a worker's, a detector's, a session's), so two runs, two imports or
 * two tests never share it by accident. This parses every module (tests and test utilities
 * excepted) and fails naming each `let` or `var` declared at the top level of a file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test(-util)?\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** `file:line: let name` for every top-level `let` or `var` in `text`. */
export function moduleLets(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    if (flags & (ts.NodeFlags.Const | ts.NodeFlags.Using | ts.NodeFlags.AwaitUsing)) continue;
    const kind = flags & ts.NodeFlags.Let ? 'let' : 'var';
    for (const d of statement.declarationList.declarations) {
      const line = source.getLineAndCharacterOfPosition(d.getStart(source)).line + 1;
      found.push(`${file}:${line}: ${kind} ${d.name.getText(source)}`);
    }
  }
  return found;
}

describe('no mutable module-level variables under src', () => {
  it('the check names each top-level let and var, and passes consts and variables inside blocks', () => {
    const text = [
      'const a = 1;',
      'let size = 0;',
      'export let shared: string | undefined;',
      'var old = 1, older = 2;',
      'function f() {',
      '  let inside = 0;',
      '  return inside;',
      '}',
      'class C {',
      '  n = 0;',
      '}',
      'if (a) {',
      '  let block = 1;',
      '}',
    ].join('\n');
    expect(moduleLets('m.ts', text)).toEqual([
      'm.ts:2: let size',
      'm.ts:3: let shared',
      'm.ts:4: var old',
      'm.ts:4: var older',
    ]);
  });

  it('finds none in src', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((p) => moduleLets(relative(SRC, p), readFileSync(p, 'utf8')));
    expect(found).toEqual([]);
  });
});
