import type { StateCreator } from 'zustand';

export type ImportJobStatus = 'running' | 'storing' | 'done' | 'error' | 'cancelled';

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
}

export interface ImportSlice {
  jobs: ImportJob[];
  addJob(fileName: string, total: number, folder?: FolderProgress): number;
  updateJob(id: number, patch: Partial<ImportJob>): void;
  dismissJob(id: number): void;
}

let nextJob = 1;

export const createImportSlice: StateCreator<ImportSlice, [], [], ImportSlice> = (set) => ({
  jobs: [],
  addJob(fileName, total, folder) {
    const id = nextJob++;
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
});
