/**
 * Imports dropped or picked files one by one: parse in a fresh worker (so Cancel can stop it at
 * once), then store all transcripts of the file in one transaction. A failure stores nothing.
 */
import { Comlink, startEngineWorker } from '../../workers/client';
import { saveImport } from '../../persistence/transcripts';
import { useAppStore } from '../../state/store';

const cancels = new Map<number, () => void>();

export function cancelImport(jobId: number): void {
  cancels.get(jobId)?.();
}

export async function importFiles(files: File[]): Promise<number[]> {
  const stored: number[] = [];
  for (const file of files) stored.push(...(await importOne(file)));
  return stored;
}

async function importOne(file: File): Promise<number[]> {
  const { addJob, updateJob } = useAppStore.getState();
  const jobId = addJob(file.name, file.size);
  const worker = startEngineWorker();
  let cancelled = false;
  const cancelledPromise = new Promise<null>((resolve) =>
    cancels.set(jobId, () => {
      cancelled = true;
      worker.terminate();
      resolve(null);
    }),
  );
  try {
    const outcome = await Promise.race([
      worker.api.importFile(
        file,
        file.name,
        undefined,
        Comlink.proxy((read: number, total: number) => updateJob(jobId, { read, total })),
      ),
      cancelledPromise,
    ]);
    if (cancelled || outcome === null) {
      updateJob(jobId, { status: 'cancelled', message: `${file.name}: import cancelled; nothing was stored` });
      return [];
    }
    if (!outcome.ok) {
      updateJob(jobId, { status: 'error', message: outcome.error.message });
      return [];
    }
    const { result } = outcome;
    // Parsing is over: from here the transcripts are written in one transaction, not cancellable.
    cancels.delete(jobId);
    updateJob(jobId, { status: 'storing', read: file.size });
    const ids = await saveImport(file.name, result);
    const turns = result.transcripts.reduce((n, t) => n + t.turns.length, 0);
    updateJob(jobId, {
      status: 'done',
      read: file.size,
      storedIds: ids,
      warnings: result.warnings.map((w) =>
        w.line === undefined ? `${w.file}: ${w.reason}` : `${w.file}:${w.line}: ${w.reason}`,
      ),
      message: `${file.name}: ${result.transcripts.length} transcript${result.transcripts.length === 1 ? '' : 's'}, ${turns} turns (${result.format})`,
    });
    return ids;
  } catch (e) {
    updateJob(jobId, { status: 'error', message: `${file.name}: could not be stored (${(e as Error).message})` });
    return [];
  } finally {
    cancels.delete(jobId);
    worker.terminate();
  }
}
