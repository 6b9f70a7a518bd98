/** A value made on its first use and kept after: one worker, one supervisor, started when needed. */
export class Lazy<T> {
  private value: T | undefined;

  constructor(private readonly make: () => T) {}

  /** The value, made now if this is the first call. */
  get(): T {
    this.value ??= this.make();
    return this.value;
  }
}
