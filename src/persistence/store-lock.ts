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
  query(): Promise<{ held?: { name?: string }[] }>;
}

function webLocks(): LockManagerLike | undefined {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
}

const STORING = 'loopscope-storing-';
const lockName = (token: string) => `${STORING}${token}`;

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

/**
 * The tokens of the imports still writing now (this worker's and, with Web Locks, every other's).
 * A row marked with a token not among them was left by an import that is gone (a closed tab).
 */
export async function liveStoringTokens(): Promise<Set<string>> {
  const live = new Set(local.keys());
  const locks = webLocks();
  if (locks)
    for (const { name } of (await locks.query()).held ?? [])
      if (name?.startsWith(STORING)) live.add(name.slice(STORING.length));
  return live;
}

const waiting = new Map<string, Promise<unknown>>();

/**
 * Runs `work` holding the exclusive lock `name`, across workers and tabs (Web Locks); in-process
 * (Node tests, the CLI) a promise chain per name.
 */
async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) {
    let out!: T;
    await locks.request(name, { mode: 'exclusive' }, async () => {
      out = await work();
    });
    return out;
  }
  const mine = (waiting.get(name) ?? Promise.resolve()).then(work);
  const settled = mine.catch(() => undefined);
  waiting.set(name, settled);
  try {
    return await mine;
  } finally {
    if (waiting.get(name) === settled) waiting.delete(name);
  }
}

/**
 * Runs `check` holding the lock of one file content hash: an import checks for a stored copy and
 * adds its rows inside it, so two imports of the same bytes at once (two drops, two folders) are
 * one after the other, and the second sees the first's rows. Imports of other bytes do not wait.
 */
export function holdWhileChecking<T>(contentHash: string, check: () => Promise<T>): Promise<T> {
  return exclusively(`loopscope-checking-${contentHash}`, check);
}

/**
 * Runs `seed` alone: one page at a time puts the bundled samples into the library, and a page
 * that waited sees what the one before it stored.
 */
export function holdWhileSeeding<T>(seed: () => Promise<T>): Promise<T> {
  return exclusively('loopscope-seeding-samples', seed);
}
