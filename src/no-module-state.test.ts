/**
 * No mutable module-level variables under src: state that lives across calls is a typed object
 * created where it is used (a worker's, a detector's, a session's), so two runs, two imports or
 * two tests never share it by accident. This parses every module (tests and test utilities
 * excepted) and fails naming each `let` or `var` declared at the top level of a file. Under
 * src/workers, where each worker's state lives in objects made per worker (engine-api.ts), a
 * top-level `const` made with `new` (a Map, a Set, an Lru…) or an object or array literal the
 * module changes fails too.
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

/** Array methods that change the array they are called on. */
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** The identifier an access chain (`a.b[c].d`) starts from. */
function rootName(e: ts.Expression): string | undefined {
  let x = e;
  while (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x) || ts.isParenthesizedExpression(x))
    x = x.expression;
  return ts.isIdentifier(x) ? x.text : undefined;
}

/** Where `text` changes what a top-level name holds: `line → name` for each assignment, update, delete or mutator call. */
function mutations(source: ts.SourceFile): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  const note = (target: ts.Expression, at: ts.Node) => {
    const name = rootName(target);
    // A bare name cannot be reassigned (const): only what it holds can change.
    if (name && !ts.isIdentifier(target))
      found.push({ name, line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1 });
  };
  const visit = (n: ts.Node): void => {
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      note(n.left, n);
    else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
    )
      note(n.operand, n);
    else if (ts.isDeleteExpression(n)) note(n.expression, n);
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const callee = n.expression;
      if (MUTATORS.has(callee.name.text)) note(ts.factory.createPropertyAccessExpression(callee.expression, 'x'), n);
      else if (
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Object' &&
        callee.name.text === 'assign'
      )
        if (n.arguments[0]) note(ts.factory.createPropertyAccessExpression(n.arguments[0], 'x'), n);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/**
 * `file:line: const name = new Ctor(` for every top-level const made with `new`, and
 * `file:line: const name = {…} changed at line N` for every top-level object or array literal
 * the module changes (the first change named).
 */
export function moduleObjects(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const changed = mutations(source);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
        init = init.expression;
      if (!init || !ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      const line = source.getLineAndCharacterOfPosition(d.getStart(source)).line + 1;
      if (ts.isNewExpression(init))
        found.push(`${file}:${line}: const ${name} = new ${init.expression.getText(source)}(`);
      else if (ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init)) {
        const at = changed.find((c) => c.name === name);
        const shape = ts.isObjectLiteralExpression(init) ? '{…}' : '[…]';
        if (at) found.push(`${file}:${line}: const ${name} = ${shape} changed at line ${at.line}`);
      }
    }
  }
  return found;
}

/**
 * The one module-level object left under src/workers, and why: the page's engine supervisor
 * (client.ts) is page-side, one per page by design (every view calls the same worker), made on
 * first use. It is no worker's state.
 */
const PAGE_SINGLETONS = ['workers/client.ts:29: const supervisor = new Lazy('];

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

  it('names each top-level const made with new, and each object or array literal the module changes', () => {
    const text = [
      "import { Lru } from './lru';",
      'const sessions = new Map<number, string>();',
      'const recent = new Lru<string, number>(8);',
      'const LIMITS = { idleMs: 2000 };',
      'const state: { last: number } = { last: 0 };',
      'const seen = [] as number[];',
      'const NAMES = ["a", "b"] as const;',
      'export const TABLE = { a: 1 } satisfies Record<string, number>;',
      'function touch(n: number) {',
      '  state.last = n;',
      '  seen.push(n);',
      '  const local = { x: 1 };',
      '  local.x = 2;',
      '  return LIMITS.idleMs + TABLE.a + NAMES.length;',
      '}',
    ].join('\n');
    expect(moduleObjects('m.ts', text)).toEqual([
      'm.ts:2: const sessions = new Map(',
      'm.ts:3: const recent = new Lru(',
      'm.ts:5: const state = {…} changed at line 10',
      'm.ts:6: const seen = […] changed at line 11',
    ]);
  });

  it('finds none under src/workers but the page singleton it names', () => {
    const files = sources(join(SRC, 'workers'));
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((p) => moduleObjects(relative(SRC, p), readFileSync(p, 'utf8')));
    expect(found).toEqual(PAGE_SINGLETONS);
  });
});
