/**
 * Who is still writing an import. The worker's import stores a transcript's row first and its
 * turns after (chunk by chunk), holding a lock named after a token that the row carries in
 * `storing`. Another worker, or tab, that finds such a row waits for the lock: once free, the
 * row is either finished or was left by a closed tab (an interrupted import). Web Locks where
 * there are (browsers, their workers); an in-process registry otherwise (Node tests, the CLI).
 */

const local = new Map<string, Promise<void>>();

interface LockManagerLike {
  request(name: string, opts: { mode?: 'shared' | 'exclusive' }, cb: () => Promise<void> | void): Promise<void>;
}

function webLocks(): LockManagerLike | undefined {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
}

const lockName = (token: string) => `loopscope-storing-${token}`;

export function newStoreToken(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Runs `write` holding the token's lock: rows carrying the token must be written inside it. */
export async function holdWhileStoring<T>(token: string, write: () => Promise<T>): Promise<T> {
  let done!: () => void;
  local.set(token, new Promise<void>((r) => (done = r)));
  try {
    const locks = webLocks();
    if (!locks) return await write();
    let out!: T;
    await locks.request(lockName(token), { mode: 'exclusive' }, async () => {
      out = await write();
    });
    return out;
  } finally {
    local.delete(token);
    done();
  }
}

/** Settles when no one holds the token's lock any more (at once when no one did). */
export async function storingEnded(token: string): Promise<void> {
  const here = local.get(token);
  if (here) return here;
  const locks = webLocks();
  if (locks) await locks.request(lockName(token), { mode: 'shared' }, () => undefined);
}
