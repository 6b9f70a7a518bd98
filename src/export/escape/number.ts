/**
 * Numbers in generated code. Every target (Python, TypeScript, TOML, Rust) reads a finite number
 * written as JavaScript writes it (`3`, `0.25`, `1e+21`); Infinity and NaN have no literal in
 * most of them (Python would read `Infinity` as a name, JSON writes null). Configs refuse them at
 * validation, so reaching one here is a bug: it throws rather than writing a wrong file.
 */
export class NonFiniteNumberError extends Error {
  constructor(readonly value: number) {
    super(`${value} is not a finite number and has no literal in generated code`);
    this.name = 'NonFiniteNumberError';
  }
}

export function numberLiteral(n: number): string {
  if (!Number.isFinite(n)) throw new NonFiniteNumberError(n);
  return String(n);
}
