/**
 * A Cline, Roo Code or Kilo Code task folder, `tasks/<id>/`, imported as one transcript: the
 * calls and answers from `api_conversation_history.json` (cline-task.ts), with what only the
 * panel log `ui_messages.json` knows merged in (cline-ui-messages.ts): when each request was
 * made, its tokens and cost, and the API failures and retries before its answer.
 * `task_metadata.json` gives the model when the history does not name it.
 */
import type { ContextMessage, ImportWarning } from '../model/transcript';
import type { TurnDraft } from '../model/normalize';
import { CLINE_HISTORY_FILE, CLINE_TASK_FORMAT, readClineHistory, readJsonArray, taskTitle } from './cline-task';
import { CLINE_UI_FILE, parseClineUiMessages, uiRequests, type UiRequest } from './cline-ui-messages';
import { tryParseJson } from './json-parse';
import type { SessionFiles } from './session-files';
import { isObj, str, TranscriptBuilder } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource } from './types';

export const CLINE_METADATA_FILE = 'task_metadata.json';
/** The panel log's name before Cline 2.x. */
export const CLINE_OLD_UI_FILE = 'claude_messages.json';

const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

function checkAbort(ctx: ImportContext): void {
  if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
}

/** Puts each request's timing, usage and API retries on the turn that answered it. */
function mergeRequests(turnAt: Map<number, TurnDraft>, requests: UiRequest[]): number {
  const inOrder = [...turnAt.values()];
  let unmatched = 0;
  requests.forEach((req, r) => {
    // Cline records the history length before the request's user message: its answer is 2 on.
    const byIndex = req.historyIndex === undefined ? undefined : turnAt.get(req.historyIndex + 2);
    const turn = byIndex ?? inOrder[r];
    if (!turn) {
      unmatched++;
      return;
    }
    turn.timestamp ??= req.ts;
    turn.tokens ??= req.tokens;
    if (req.cost !== undefined) turn.extra = { ...turn.extra, cost: req.cost };
    if (req.apiEvents.length) {
      const events: ContextMessage[] = req.apiEvents.map((e) =>
        e.timestamp
          ? { role: 'system', text: e.text, timestamp: e.timestamp, extra: e.extra }
          : { role: 'system', text: e.text, extra: e.extra },
      );
      turn.before = [...(turn.before ?? []), ...events];
    }
  });
  return unmatched;
}

async function metadataModel(src: ImportSource | undefined, warnings: ImportWarning[]): Promise<string | undefined> {
  if (!src) return undefined;
  const v = tryParseJson(await src.text());
  if (!isObj(v)) {
    warnings.push({ file: src.name, reason: 'not a JSON object; the task metadata was not read' });
    return undefined;
  }
  const usage = Array.isArray(v.model_usage) ? v.model_usage : [];
  const first = usage.find((u) => isObj(u) && str(u.model_id));
  return isObj(first) ? str(first.model_id) : undefined;
}

export async function parseClineTaskFolder(task: SessionFiles, ctx: ImportContext = {}): Promise<ImportResult> {
  const find = (...names: string[]) => task.files.find((f) => names.includes(baseName(f.name)));
  const history = find(CLINE_HISTORY_FILE);
  const ui = find(CLINE_UI_FILE, CLINE_OLD_UI_FILE);
  const taskId = baseName(task.name);
  if (!history) {
    if (!ui) throw new ImportError(task.name, `no ${CLINE_HISTORY_FILE} or ${CLINE_UI_FILE} in this task folder`);
    const r = await parseClineUiMessages(ui, ctx);
    for (const t of r.transcripts) t.extra = { ...t.extra, taskId };
    return r;
  }
  const warnings: ImportWarning[] = [];
  const messages = await readJsonArray(history, warnings, 'messages');
  checkAbort(ctx);
  const b = new TranscriptBuilder(history.name, warnings);
  const h = readClineHistory(b, messages);
  if (b.isEmpty()) throw new ImportError(history.name, 'no messages in this Cline task history');
  if (ui) {
    // The panel log only adds detail: a broken one is a warning, the history still imports.
    try {
      const unmatched = mergeRequests(h.turnAt, uiRequests(await readJsonArray(ui, warnings, 'panel messages')));
      if (unmatched)
        warnings.push({ file: ui.name, reason: `${unmatched} API requests match no assistant message of the history` });
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      warnings.push({ file: ui.name, reason: `${e.reason}; its timestamps and retries were not merged` });
    }
  }
  checkAbort(ctx);
  const model = h.model ?? (await metadataModel(find(CLINE_METADATA_FILE), warnings));
  const t = b.build({
    format: CLINE_TASK_FORMAT,
    source: task.name,
    title: taskTitle(b.firstUserText()) ?? task.name,
    extra: model ? { taskId, model } : { taskId },
  });
  return { format: CLINE_TASK_FORMAT, transcripts: [t], warnings };
}
