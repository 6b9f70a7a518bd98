/**
 * Imports dropped or picked files one by one, each in a fresh worker (so Cancel can stop it at
 * once while it parses). The worker stores the library rows, answers with ids and a summary, then
 * writes the turns chunk by chunk; it becomes the engine worker meanwhile, holding the parsed
 * transcripts, so the run opens without reading them back. A failure while storing deletes what
 * was stored (src/persistence/staged-import.ts). The same bytes dropped again, even while the
 * first copy is still storing, are asked about by the worker (src/persistence/hash-index.ts).
 * Folders go through run-folder-import.ts.
 */
import { adoptEngineWorker, Comlink, startEngineWorker } from '../../workers/client';
import type { EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { planImport } from '../../import/folder';
import { useAppStore } from '../../state/store';
import type { DuplicateInfo } from '../../workers/import-file';
import { askDuplicate, forgetQuestion } from './duplicate-question';
import type { PickedFile } from './picked-files';
import { folderCancels, importFolderPlan } from './run-folder-import';

const cancels = new Map<number, () => void>();

export function cancelImport(jobId: number): void {
  cancels.get(jobId)?.();
  folderCancels.get(jobId)?.();
}

/** What a folder job is called: its folder ("sessions/"), or how many folders or files it holds. */
function labelOf(picked: PickedFile[]): string {
  const roots = new Set(picked.map((p) => (p.path.includes('/') ? p.path.slice(0, p.path.indexOf('/') + 1) : p.path)));
  if (roots.size === 1) return [...roots][0];
  return picked.some((p) => p.path.includes('/')) ? `${roots.size} files and folders` : `${roots.size} files`;
}

/**
 * Loose files are imported one job each, as named (each must be a transcript). A folder, or loose
 * files that make one session (OpenHands `0.json, 1.json, …`), is one job over the folder plan.
 */
export async function importFiles(picked: PickedFile[]): Promise<number[]> {
  const plan = planImport(picked.map((p) => ({ path: p.path, size: p.file.size, file: p.file })));
  const fromFolder = picked.some((p) => p.path.includes('/'));
  if (fromFolder || plan.units.some((u) => u.kind !== 'file')) return importFolderPlan(labelOf(picked), plan);
  const stored: number[] = [];
  // One file of one transcript is opened at once (App): only then is it warmed up in the worker.
  for (const { file } of picked) stored.push(...(await importOne(file, picked.length === 1)));
  return stored;
}

/** A dropped or picked folder with no file in it: said, never silently ignored. */
export function reportEmptyFolder(folders: string[]): void {
  const { addJob, updateJob } = useAppStore.getState();
  const what = folders.length ? folders.map((f) => `${f}/`).join(', ') : 'The picked folder';
  const id = addJob(what, 0);
  updateJob(id, { status: 'error', message: `${what}: no files in it, nothing to import` });
}

/** What the workbench will run first on an opened run: the draft, and the preset it is compared with. */
function firstRuns(): EngineConfig[] {
  const { draft, presetName } = useAppStore.getState();
  const preset = presetByName(presetName);
  return preset ? [draft, preset] : [draft];
}

async function importOne(file: File, opened: boolean): Promise<number[]> {
  const { addJob, updateJob } = useAppStore.getState();
  const jobId = addJob(file.name, file.size);
  const worker = startEngineWorker();
  let cancelled = false;
  let stop = () => {};
  let adopted = false;
  const cancelledPromise = new Promise<null>((resolve) => {
    stop = () => {
      cancelled = true;
      worker.terminate();
      resolve(null);
    };
    cancels.set(jobId, stop);
  });
  try {
    const outcome = await Promise.race([
      worker.api.importAndOpen(
        file,
        file.name,
        opened ? { warm: firstRuns() } : {},
        Comlink.proxy((read: number, total: number) => updateJob(jobId, { read, total })),
        // Parsing is over: the worker now stores the rows, then the turns; no longer cancelled.
        Comlink.proxy(() => {
          cancels.delete(jobId);
          updateJob(jobId, { status: 'storing', read: file.size });
        }),
        Comlink.proxy((info: DuplicateInfo) => {
          // Cancel is offered again while the question waits: parsing is over, nothing is stored yet.
          cancels.set(jobId, stop);
          return askDuplicate(jobId, info);
        }),
      ),
      cancelledPromise,
    ]);
    if (cancelled || outcome === null) {
      updateJob(jobId, { status: 'cancelled', message: `${file.name}: import cancelled; nothing was stored` });
      return [];
    }
    if (!outcome.ok) {
      updateJob(jobId, { status: outcome.skipped ? 'cancelled' : 'error', message: outcome.error.message });
      return [];
    }
    const { summary } = outcome;
    // The rows are stored and the worker holds the transcripts: it becomes the engine worker, so
    // the run opens at once while its turns are still being written.
    updateJob(jobId, { status: 'storing', storedIds: summary.ids });
    adoptEngineWorker(worker);
    adopted = true;
    void worker.api.storingDone().then(
      (failed) =>
        updateJob(
          jobId,
          failed === null
            ? {
                status: 'done',
                read: file.size,
                warnings: summary.warnings,
                message: `${file.name}: ${summary.transcripts} transcript${summary.transcripts === 1 ? '' : 's'}, ${summary.turns} turns (${summary.format})`,
              }
            : { status: 'error', storedIds: [], message: `${file.name}: ${failed}` },
        ),
      (e: unknown) =>
        updateJob(jobId, { status: 'error', message: `${file.name}: could not be stored (${(e as Error).message})` }),
    );
    return summary.ids;
  } catch (e) {
    updateJob(jobId, { status: 'error', message: `${file.name}: could not be stored (${(e as Error).message})` });
    return [];
  } finally {
    cancels.delete(jobId);
    forgetQuestion(jobId);
    if (!adopted) worker.terminate();
  }
}
