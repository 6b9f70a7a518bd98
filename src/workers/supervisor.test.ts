import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineFailure, Supervisor, type SupervisorOptions, type WorkerHandle } from './supervisor';

interface Api {
  open(id: number, text: string): Promise<string>;
  run(id: number): Promise<string>;
}

/** A fake worker: sessions live in it and die with it, like the real one's. */
function fakeWorkers() {
  const made: { sessions: Map<number, string>; terminated: boolean; fail?: (r: string) => void; hang: boolean }[] = [];
  const spawn = (): WorkerHandle<Api> => {
    const w = {
      sessions: new Map<number, string>(),
      terminated: false,
      fail: undefined as ((r: string) => void) | undefined,
      hang: false,
    };
    made.push(w);
    return {
      api: {
        open: async (id, text) => {
          w.sessions.set(id, text);
          return 'opened';
        },
        run: (id) =>
          w.hang
            ? new Promise<string>(() => undefined)
            : w.sessions.has(id)
              ? Promise.resolve(`ran ${w.sessions.get(id)} in worker ${made.indexOf(w) + 1}`)
              : Promise.reject(new Error(`no session ${id}`)),
      },
      terminate: () => {
        w.terminated = true;
      },
      onFailure: (cb) => {
        w.fail = cb;
      },
    };
  };
  return { made, spawn };
}

afterEach(() => vi.useRealTimers());

describe('Supervisor', () => {
  const opts: SupervisorOptions<Api> = {
    timeoutMs: 1000,
    sessionOpen: { method: 'open', key: (a: unknown[]) => a[0] },
  };

  it('passes a thrown error through and keeps the worker', async () => {
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, opts);
    await expect(s.call('run', 7)).rejects.toThrow('no session 7');
    expect(made.length).toBe(1);
    expect(s.restarts).toBe(0);
  });

  it('a worker that fails rejects the waiting calls, and the next call runs in a new worker with its sessions re-opened', async () => {
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, opts);
    await s.call('open', 1, 'run one');
    made[0].hang = true;
    const waiting = s.call('run', 1);
    await Promise.resolve();
    made[0].fail!('Uncaught RangeError: Maximum call stack size exceeded');
    await expect(waiting).rejects.toEqual(new EngineFailure('Uncaught RangeError: Maximum call stack size exceeded'));
    expect(made[0].terminated).toBe(true);
    await expect(s.call('run', 1)).resolves.toBe('ran run one in worker 2');
    expect(s.restarts).toBe(1);
  });

  it('a call over its time limit ends the worker and says so', async () => {
    vi.useFakeTimers();
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, opts);
    await s.call('open', 1, 'x');
    made[0].hang = true;
    const waiting = s.call('run', 1);
    const seen = expect(waiting).rejects.toThrow('the engine did not answer within 1 s');
    await vi.advanceTimersByTimeAsync(1001);
    await seen;
    expect(made[0].terminated).toBe(true);
  });

  it('a failure of an old worker after a respawn changes nothing', async () => {
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, opts);
    await s.call('open', 1, 'x');
    made[0].fail!('first');
    await s.call('run', 1);
    made[0].fail!('late report from the dead worker');
    await expect(s.call('run', 1)).resolves.toBe('ran x in worker 2');
    expect(s.restarts).toBe(1);
  });

  it('a forgotten session is not re-opened', async () => {
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, opts);
    await s.call('open', 1, 'x');
    s.forget(1);
    made[0].fail!('gone');
    await expect(s.call('run', 1)).rejects.toThrow('no session 1');
  });

  it('adopt: the next calls go to the adopted worker, a session of the old one is re-opened there first, and the old one ends after its call and its retire', async () => {
    const { made, spawn } = fakeWorkers();
    const s = new Supervisor<Api>(spawn, { ...opts, sessionCalls: ['run'] });
    await s.call('open', 1, 'run one');
    // A call under way on the old worker when another (an import's) is adopted.
    let answer!: (v: string) => void;
    const old = made[0];
    (s as unknown as { handle: WorkerHandle<Api> }).handle.api.run = () => new Promise<string>((r) => (answer = r));
    const pending = s.call('run', 1);
    const imported = spawn();
    let retired = 0;
    s.adopt(imported, async () => {
      retired++;
    });
    await s.call('open', 2, 'run two');
    expect(await s.call('run', 2)).toBe('ran run two in worker 2');
    // Session 1 lived in the old worker: re-opened in the adopted one on its next call.
    expect(await s.call('run', 1)).toBe('ran run one in worker 2');
    await Promise.resolve();
    expect([old.terminated, retired]).toEqual([false, 0]);
    answer('late answer');
    expect(await pending).toBe('late answer');
    await vi.waitFor(() => expect(old.terminated).toBe(true));
    expect(retired).toBe(1);
    expect(made[1].terminated).toBe(false);
    expect(s.restarts).toBe(0);
  });
});
