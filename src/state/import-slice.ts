import type { StateCreator } from 'zustand';

export type ImportJobStatus = 'running' | 'storing' | 'asking' | 'done' | 'error' | 'cancelled';

/** The file being imported is already in the library: these transcripts came from the same bytes. */
export interface DuplicateQuestion {
  file: string;
  existing: { id: number; title: string; fileName: string }[];
  /** Asked within a folder import: the answer holds for every later file of it. */
  folder?: boolean;
}

/** A folder (or several files) imported as one job: which file it is at, and what went wrong. */
export interface FolderProgress {
  /** Files finished, of all files to read (an OpenHands events folder counts each event file). */
  done: number;
  count: number;
  /** The file (or session folder) being read, with its own progress. */
  current?: string;
  currentRead: number;
  currentTotal: number;
  transcripts: number;
  /** One line per file that should have been a transcript but failed: "path: reason". */
  failures: string[];
  /** One line per file skipped as not a transcript: "path: reason". */
  skipped: string[];
}

export interface ImportJob {
  id: number;
  fileName: string;
  read: number;
  total: number;
  status: ImportJobStatus;
  /** The error message, or a summary of what was imported. */
  message?: string;
  warnings: string[];
  /** Ids of the transcripts stored by this job. */
  storedIds: number[];
  folder?: FolderProgress;
  /** Set while status is 'asking': replace the stored copy, keep both, or skip. */
  duplicate?: DuplicateQuestion;
}

export interface ImportSlice {
  jobs: ImportJob[];
  /** Why a run is gone: its import was left unfinished (the page closed or reloaded while storing). */
  interrupted: Record<number, string>;
  /** Records why run `id` is gone and says it in a banner, once however often it is learnt. */
  noteInterrupted(id: number, message: string): void;
  /** The bundled samples are stored (on a first start), or there was nothing to store: a share link to one may look now. */
  samplesSeeded: boolean;
  setSamplesSeeded(): void;
  addJob(fileName: string, total: number, folder?: FolderProgress): number;
  updateJob(id: number, patch: Partial<ImportJob>): void;
  dismissJob(id: number): void;
  /** Removes every finished job (done, failed, cancelled); running ones and open questions stay. */
  dismissFinished(): void;
}

/** A job still at work or waiting for an answer: its banner cannot be dismissed. */
export function jobActive(j: ImportJob): boolean {
  return j.status === 'running' || j.status === 'storing' || j.status === 'asking';
}

export const createImportSlice: StateCreator<ImportSlice, [], [], ImportSlice> = (set) => {
  /** The next import job's id: one counter per store (ids are never reused while the page lives). */
  const jobIds = { next: 1 };
  return {
    jobs: [],
    interrupted: {},
    samplesSeeded: false,
    setSamplesSeeded() {
      set({ samplesSeeded: true });
    },
    noteInterrupted(id, message) {
      set((s) => {
        if (s.interrupted[id] !== undefined) return s;
        const job: ImportJob = {
          id: jobIds.next++,
          fileName: '',
          read: 0,
          total: 0,
          status: 'error',
          message,
          warnings: [],
          storedIds: [],
        };
        return { interrupted: { ...s.interrupted, [id]: message }, jobs: [...s.jobs, job] };
      });
    },
    addJob(fileName, total, folder) {
      const id = jobIds.next++;
      set((s) => ({
        jobs: [...s.jobs, { id, fileName, read: 0, total, status: 'running', warnings: [], storedIds: [], folder }],
      }));
      return id;
    },
    updateJob(id, patch) {
      set((s) => ({ jobs: s.jobs.map((j) => (j.id === id ? { ...j, ...patch } : j)) }));
    },
    dismissJob(id) {
      set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) }));
    },
    dismissFinished() {
      set((s) => ({ jobs: s.jobs.filter(jobActive) }));
    },
  };
};
