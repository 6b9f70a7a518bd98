/** Writes judge answers into a stored transcript as its `judge` lines (replacing the old ones). */
import type { JudgeRecord } from '../model/transcript';
import { db as defaultDb, type LoopscopeDb } from './db';

export async function saveJudgeLines(
  id: number,
  records: JudgeRecord[],
  database: LoopscopeDb = defaultDb,
): Promise<void> {
  const n = await database.bodies.update(id, { 'transcript.judge': records });
  if (n === 0) throw new Error(`transcript ${id} is not in the library`);
}
