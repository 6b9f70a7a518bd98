/**
 * Searches of one text from increasing positions, each answer reused until the position passes
 * it. Calling indexOf from every start is quadratic when the needle is rare: a text of 100,000
 * `<function=` and no `</function>` searched to its end 100,000 times. Here every character is
 * scanned about once, however many positions ask.
 */
export class ForwardSearch {
  private from = -1;
  private found = -1;

  /** `find(from)`: the first match at or after `from`, or -1. */
  constructor(private readonly find: (from: number) => number) {}

  /** The first match at or after `pos`, or -1 (the same answer as `find(pos)`). */
  at(pos: number): number {
    if (this.from === -1 || pos < this.from || (this.found !== -1 && this.found < pos)) {
      this.from = pos;
      this.found = this.find(pos);
    }
    return this.found;
  }
}
