/**
 * The IndexedDB database. Transcript metadata and bodies live in separate tables so the library
 * list never loads turns. Durable data (labels, configs) gets real migrations; caches may be
 * dropped on a version change.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Label, Transcript } from '../model/transcript';

export interface TranscriptMeta {
  id: number;
  title: string;
  format: string;
  fileName: string;
  turns: number;
  calls: number;
  importedAt: number;
  /** Import warnings as `FILE:LINE: reason` lines, shown beside the transcript. */
  warnings: string[];
  sample?: boolean;
}

export interface TranscriptBody {
  id: number;
  transcript: Transcript;
}

export interface StoredLabels {
  transcriptId: number;
  labels: Label[];
}

export interface StoredConfig {
  id?: number;
  name: string;
  config: unknown;
  savedAt: number;
}

export interface JudgeCacheEntry {
  key: string;
  confidence: number;
  analysis: string;
  at: number;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export class LoopscopeDb extends Dexie {
  transcripts!: EntityTable<TranscriptMeta, 'id'>;
  bodies!: EntityTable<TranscriptBody, 'id'>;
  labels!: EntityTable<StoredLabels, 'transcriptId'>;
  configs!: EntityTable<StoredConfig, 'id'>;
  judgeCache!: EntityTable<JudgeCacheEntry, 'key'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'loopscope') {
    super(name);
    this.version(1).stores({
      transcripts: '++id, title, format, importedAt',
      bodies: 'id',
      labels: 'transcriptId',
      configs: '++id, name',
      judgeCache: 'key',
      meta: 'key',
    });
  }
}

export const db = new LoopscopeDb();
