/**
 * Keeps an engine worker alive for the page: a call that throws rejects as usual; a worker that
 * dies (an uncaught error, a crash) or stops answering (a call over its time limit) is
 * terminated, every waiting call is rejected with the reason, and the next call starts a fresh
 * worker that first re-opens the sessions the page had open. No DOM here: it is tested in Node.
 */

/** A started worker, as the supervisor needs it. */
export interface WorkerHandle<Api> {
  api: Api;
  terminate(): void;
  /** Calls back once when the worker reports an uncaught error or a message it cannot read. */
  onFailure(cb: (reason: string) => void): void;
}

export class EngineFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFailure';
  }
}

type AnyFn = (...args: never[]) => Promise<unknown>;

/** A method's name: the API's own keys, so a renamed method fails to compile where it is named. */
type MethodName<Api> = keyof Api & string;

export interface SupervisorOptions<Api> {
  /** How long one call may take before the worker counts as hung. */
  timeoutMs: number;
  /** The call that opens a session, and how to tell its key: it is replayed after a respawn. */
  sessionOpen?: { method: MethodName<Api>; key: (args: unknown[]) => unknown };
  /** Calls on an open session, keyed by their first argument: after `adopt`, its session is re-opened first. */
  sessionCalls?: readonly MethodName<Api>[];
}

export class Supervisor<Api extends object> {
  private handle: WorkerHandle<Api> | undefined;
  private generation = 0;
  private waiting = new Set<(reason: string) => void>();
  private sessions = new Map<unknown, unknown[]>();
  private reopen: Promise<void> | undefined;
  /** Sessions the page had open when another worker was adopted: re-opened there on their next call. */
  private stale = new Set<unknown>();
  /** Calls under way per worker: an adopted-away worker ends when its last one settles. */
  private busy = new Map<WorkerHandle<Api>, { calls: number; idle?: () => void }>();
  /** How many times a worker was replaced (shown to the user, read by tests). */
  restarts = 0;

  constructor(
    private spawn: () => WorkerHandle<Api>,
    private opts: SupervisorOptions<Api>,
  ) {}

  /** Calls a worker method under supervision. */
  async call<K extends keyof Api>(
    method: K,
    ...args: Api[K] extends AnyFn ? Parameters<Api[K]> : never
  ): Promise<Api[K] extends AnyFn ? Awaited<ReturnType<Api[K]>> : never> {
    const so = this.opts.sessionOpen;
    if (so && method === so.method) {
      this.sessions.set(so.key(args), args);
      this.stale.delete(so.key(args));
    }
    const handle = this.ensure();
    if (this.reopen) await this.reopen;
    if (so && this.stale.has(args[0]) && this.opts.sessionCalls?.includes(method as MethodName<Api>)) {
      this.stale.delete(args[0]);
      await (this.call as (m: string, ...a: unknown[]) => Promise<unknown>)(
        so.method,
        ...this.sessions.get(args[0])!,
      ).catch(() => undefined);
    }
    const gen = this.generation;
    const busy = this.busy.get(handle) ?? { calls: 0 };
    this.busy.set(handle, busy);
    busy.calls++;
    const settled = () => {
      if (--busy.calls === 0) {
        this.busy.delete(handle);
        busy.idle?.();
      }
    };
    return new Promise((resolve, reject) => {
      const fail = (reason: string) => {
        clearTimeout(timer);
        this.waiting.delete(fail);
        reject(new EngineFailure(reason));
      };
      const timer = setTimeout(() => {
        const reason = `the engine did not answer within ${Math.round(this.opts.timeoutMs / 1000)} s`;
        if (gen === this.generation) this.fail(reason);
        // A call left on an adopted-away worker fails alone.
        else fail(reason);
      }, this.opts.timeoutMs);
      this.waiting.add(fail);
      const fn = handle.api[method] as unknown as (...a: unknown[]) => Promise<unknown>;
      fn.apply(handle.api, args)
        .then(
          (v) => {
            clearTimeout(timer);
            this.waiting.delete(fail);
            resolve(v as never);
          },
          (e: unknown) => {
            clearTimeout(timer);
            this.waiting.delete(fail);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        )
        .finally(settled);
    });
  }

  /**
   * Makes `handle` the worker for every next call (an import worker holding the transcripts it just
   * parsed). The sessions open in the old one are re-opened in it on their next call; the old one
   * ends once its calls have settled and `retire` (its own writes finishing) has.
   */
  adopt(handle: WorkerHandle<Api>, retire?: (old: WorkerHandle<Api>) => Promise<unknown>): void {
    const old = this.handle;
    const gen = ++this.generation;
    handle.onFailure((reason) => {
      if (gen === this.generation) this.fail(reason);
    });
    this.handle = handle;
    this.reopen = undefined;
    for (const key of this.sessions.keys()) this.stale.add(key);
    if (!old) return;
    const busy = this.busy.get(old);
    const idle = busy ? new Promise<void>((r) => (busy.idle = r)) : Promise.resolve();
    void idle
      .then(() => retire?.(old))
      .catch(() => undefined)
      .finally(() => old.terminate());
  }

  /** Forgets a session so a respawned worker does not re-open it. */
  forget(key: unknown): void {
    this.sessions.delete(key);
  }

  private ensure(): WorkerHandle<Api> {
    if (this.handle) return this.handle;
    const handle = this.spawn();
    const gen = ++this.generation;
    handle.onFailure((reason) => {
      if (gen === this.generation) this.fail(reason);
    });
    this.handle = handle;
    this.stale.clear();
    if (gen > 1 && this.sessions.size > 0 && this.opts.sessionOpen) {
      const { method } = this.opts.sessionOpen;
      const fn = handle.api[method] as unknown as (...a: unknown[]) => Promise<unknown>;
      this.reopen = Promise.all([...this.sessions.values()].map((a) => fn.apply(handle.api, a))).then(
        () => undefined,
        () => undefined,
      );
    } else this.reopen = undefined;
    return handle;
  }

  /** Ends the current worker: every waiting call fails with the reason; the next call respawns. */
  private fail(reason: string): void {
    const handle = this.handle;
    if (!handle) return;
    this.handle = undefined;
    this.generation++;
    this.restarts++;
    handle.terminate();
    for (const w of [...this.waiting]) w(reason);
  }
}
