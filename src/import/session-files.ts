import type { ImportSource } from './types';

/**
 * Several files that together hold one session: an OpenHands `events/` folder of one event per
 * file (V0 `0.json, 1.json, …`; V1 SDK `event-00000-<uuid>.json`). The folder grouping
 * (src/import/folder.ts) builds these; the format's folder parser reads them.
 */
export interface SessionFiles {
  /** The session's folder as the user sees it, e.g. `sessions/3f2a/events`. */
  name: string;
  /** Its files, in any order: the parser orders them. */
  files: ImportSource[];
}
