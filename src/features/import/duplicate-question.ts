/**
 * "Already in the library": the worker's import waits on this question (a Comlink callback),
 * the job's banner shows it, and the user's answer lets the worker go on.
 */
import { useAppStore } from '../../state/store';
import type { DuplicateChoice, DuplicateInfo } from '../../workers/import-file';

const answers = new Map<number, (choice: DuplicateChoice) => void>();

/** Shows the question in the job's banner and waits for the answer. */
export function askDuplicate(jobId: number, info: DuplicateInfo): Promise<DuplicateChoice> {
  return new Promise((resolve) => {
    answers.set(jobId, resolve);
    useAppStore.getState().updateJob(jobId, { status: 'asking', duplicate: info });
  });
}

/** The user's answer: the job goes back to work (a folder job reads on, a file is stored). */
export function answerDuplicate(jobId: number, choice: DuplicateChoice): void {
  const answer = answers.get(jobId);
  answers.delete(jobId);
  const { jobs, updateJob } = useAppStore.getState();
  const folder = jobs.find((j) => j.id === jobId)?.folder;
  updateJob(jobId, { status: folder ? 'running' : 'storing', duplicate: undefined });
  answer?.(choice);
}

/** The job ended (done, failed, cancelled): a question left open is dropped. */
export function forgetQuestion(jobId: number): void {
  answers.delete(jobId);
}
