/**
 * A judge run's own abort signal: it fires on the caller's cancel or at the run's deadline, and
 * says which, so a dead endpoint costs at most the deadline and the run can name why it stopped.
 */

/** A signal that aborts on the caller's cancel or at the deadline, and which of the two it was. */
export function runSignal(o: { signal?: AbortSignal; deadlineAt?: number }, now: () => number) {
  const ctl = new AbortController();
  const state = { deadlinePassed: false };
  const onCancel = () => ctl.abort();
  if (o.signal?.aborted) ctl.abort();
  o.signal?.addEventListener('abort', onCancel, { once: true });
  const timer =
    o.deadlineAt === undefined
      ? undefined
      : setTimeout(
          () => {
            state.deadlinePassed = true;
            ctl.abort();
          },
          Math.min(2 ** 31 - 1, Math.max(0, o.deadlineAt - now())),
        );
  return {
    signal: ctl.signal,
    state,
    dispose() {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onCancel);
    },
  };
}
