import type { StateCreator } from 'zustand';

export type ImportJobStatus = 'running' | 'storing' | 'done' | 'error' | 'cancelled';

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
}

export interface ImportSlice {
  jobs: ImportJob[];
  addJob(fileName: string, total: number): number;
  updateJob(id: number, patch: Partial<ImportJob>): void;
  dismissJob(id: number): void;
}

let nextJob = 1;

export const createImportSlice: StateCreator<ImportSlice, [], [], ImportSlice> = (set) => ({
  jobs: [],
  addJob(fileName, total) {
    const id = nextJob++;
    set((s) => ({
      jobs: [...s.jobs, { id, fileName, read: 0, total, status: 'running', warnings: [], storedIds: [] }],
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
