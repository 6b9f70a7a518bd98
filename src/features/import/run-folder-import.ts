/**
 * A folder (or several files holding a session) imported as one job in one worker: each unit of
 * the plan (src/import/folder.ts) is parsed, then stored by the worker in its own transaction
 * before the next starts. Cancel stops the worker: what was stored stays, nothing of the unit
 * being read or written is kept (a terminated worker's open transaction is aborted).
 * A bad file is named and skipped; the rest go on.
 */
import type { ImportPlan } from '../../import/folder';
import type { FolderProgress } from '../../state/import-slice';
import { useAppStore } from '../../state/store';
import { Comlink, startEngineWorker } from '../../workers/client';
import type { DuplicateChoice, DuplicateInfo } from '../../workers/import-file';
import type { UnitImportOutcome } from '../../workers/import-folder-unit';
import { askDuplicate, forgetQuestion } from './duplicate-question';
import { libraryTriageConfigs } from '../library/triage-configs';

export const folderCancels = new Map<number, () => void>();

function patchFolder(jobId: number, patch: Partial<FolderProgress>, read?: number): void {
  const { jobs, updateJob } = useAppStore.getState();
  const folder = jobs.find((j) => j.id === jobId)?.folder;
  if (!folder) return;
  updateJob(jobId, { folder: { ...folder, ...patch }, ...(read === undefined ? {} : { read }) });
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export async function importFolderPlan(label: string, plan: ImportPlan<File>): Promise<number[]> {
  const { addJob, updateJob } = useAppStore.getState();
  const folder: FolderProgress = {
    done: 0,
    count: plan.files,
    currentRead: 0,
    currentTotal: 0,
    transcripts: 0,
    failures: [],
    skipped: plan.skipped.map((s) => `${s.path}: ${s.reason}`),
  };
  const jobId = addJob(label, plan.bytes, folder);
  const worker = startEngineWorker();
  // Asked before the first unit (Comlink keeps the order): each stored run gets its triage digest.
  void worker.api.noteTriageConfigs(libraryTriageConfigs()).catch(() => undefined);
  let cancelled = false;
  const cancelledPromise = new Promise<null>((resolve) =>
    folderCancels.set(jobId, () => {
      cancelled = true;
      worker.terminate();
      resolve(null);
    }),
  );
  const stored: number[] = [];
  const warnings: string[] = [];
  // Asked at the first file already in the library; the answer holds for the rest of the folder.
  let choice: Promise<DuplicateChoice> | null = null;
  const onDuplicate = Comlink.proxy(
    (info: DuplicateInfo) => (choice ??= askDuplicate(jobId, { ...info, folder: true })),
  );
  let duplicates = 0;
  let base = 0;
  let done = 0;
  let imported = 0;
  try {
    for (const unit of plan.units) {
      patchFolder(jobId, { current: unit.path, currentRead: 0, currentTotal: unit.size });
      const onProgress = Comlink.proxy((read: number) => patchFolder(jobId, { currentRead: read }, base + read));
      const outcome: UnitImportOutcome | null = await Promise.race([
        worker.api.importFolderUnit(unit, onProgress, onDuplicate),
        cancelledPromise,
      ]);
      if (cancelled || outcome === null) break;
      const cur = useAppStore.getState().jobs.find((j) => j.id === jobId)?.folder ?? folder;
      if (outcome.status === 'imported') {
        stored.push(...outcome.summary.ids);
        imported++;
        warnings.push(...outcome.summary.warnings);
        patchFolder(jobId, { transcripts: cur.transcripts + outcome.summary.transcripts });
      } else if (outcome.status === 'duplicate') duplicates++;
      else if (outcome.status === 'skipped')
        patchFolder(jobId, { skipped: [...cur.skipped, `${unit.path}: ${outcome.reason}`] });
      else patchFolder(jobId, { failures: [...cur.failures, outcome.message] });
      base += unit.size;
      done += unit.kind === 'file' ? 1 : unit.files.length;
      patchFolder(jobId, { done }, base);
    }
    const end = useAppStore.getState().jobs.find((j) => j.id === jobId)?.folder ?? folder;
    const kept = `${plural(end.transcripts, 'transcript')} from ${plural(imported, 'file')}`;
    if (cancelled) {
      updateJob(jobId, {
        status: 'cancelled',
        storedIds: stored,
        warnings,
        message: `${label}: import cancelled at ${end.current ?? 'the start'}; ${kept} stored before it, nothing of ${end.current ?? 'it'}`,
      });
      // What was stored stays in the library; nothing is opened after a cancel.
      return [];
    }
    const problems = [
      end.failures.length ? `${end.failures.length} failed` : '',
      end.skipped.length ? `${end.skipped.length} skipped (not transcripts)` : '',
      duplicates ? `${duplicates} already in the library, not imported again` : '',
    ].filter(Boolean);
    updateJob(jobId, {
      status: stored.length === 0 && end.failures.length > 0 ? 'error' : 'done',
      read: plan.bytes,
      storedIds: stored,
      warnings,
      message: `${label}: ${kept}${problems.length ? `; ${problems.join(', ')}` : ''}`,
      folder: { ...end, current: undefined },
    });
    return stored;
  } finally {
    folderCancels.delete(jobId);
    forgetQuestion(jobId);
    worker.terminate();
  }
}
