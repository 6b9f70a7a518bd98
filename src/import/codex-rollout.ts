/**
 * Codex CLI rollout JSONL (`~/.codex/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl`).
 * Schema: openai/codex codex-rs/protocol/src/protocol.rs — RolloutLine {timestamp, type,
 * payload} with RolloutItem = session_meta | response_item | event_msg | turn_context |
 * compacted; ResponseItem in codex-rs/protocol/src/models.rs; TokenCountEvent {info:
 * {total_token_usage, last_token_usage}}. Older rollouts (before Sept 2025) have a bare
 * `{id, timestamp, instructions}` first line, bare ResponseItem lines and `{"record_type":"state"}`.
 *
 * Turns come from response items (see responses-items.ts); `event_msg` lines mostly mirror
 * them (user_message, agent_message, agent_reasoning) and are not read, except token_count
 * (tokens of the latest turn) and exec_command_end (a non-zero exit_code marks the result an
 * error). A forked rollout repeats its parent's session_meta: only the first one is used.
 */
import type { ImportWarning } from '../model/transcript';
import { jsonLines } from './json-docs';
import { firstLine, keyValue, keysAt, scanJsonHead } from './json-head';
import { ResponsesReader } from './responses-items';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const CODEX_FORMAT = 'codex-rollout';

const LINE_TYPES = 'session_meta|response_item|event_msg|turn_context|compacted';

/** Harness-injected user messages are not what the user typed: skip them for the title. */
function typedByUser(text: string): boolean {
  const t = text.trimStart();
  return !t.startsWith('<') && !t.startsWith('# AGENTS.md');
}

/**
 * The Codex IDE extension sends the editor's context first ("# Context from my IDE setup:",
 * open tabs, the active file) and the user's words after "## My request for Codex:".
 */
const IDE_REQUEST = '## My request for Codex:';
function requestOf(text: string | undefined): string | undefined {
  if (text === undefined || !text.trimStart().startsWith('# Context from my IDE setup')) return text;
  const at = text.indexOf(IDE_REQUEST);
  return at < 0 ? text : text.slice(at + IDE_REQUEST.length);
}

function tokensOf(payload: Obj): { input: number; output: number } | undefined {
  const info = isObj(payload.info) ? payload.info : undefined;
  const last = info && isObj(info.last_token_usage) ? info.last_token_usage : undefined;
  // Very early token_count events carried the usage fields directly.
  const u = last ?? (payload.input_tokens !== undefined ? payload : undefined);
  if (!u) return undefined;
  return { input: num(u.input_tokens) ?? 0, output: num(u.output_tokens) ?? 0 };
}

export async function parseCodexRollout(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const b = new TranscriptBuilder(src.name, warnings);
  const r = new ResponsesReader(b);
  let meta: Obj | undefined;
  let model: string | undefined;
  const exitCodes = new Map<string, number>();

  // Streamed: each record is read and dropped before the next line is parsed.
  for await (const d of jsonLines(src, warnings, ctx.signal)) {
    b.line = d.line;
    const v = d.value;
    if (!isObj(v)) {
      b.warn('not a JSON object; skipped');
      continue;
    }
    if (typeof v.type === 'string' && 'payload' in v) {
      const p = isObj(v.payload) ? v.payload : {};
      const at = str(v.timestamp);
      switch (v.type) {
        case 'session_meta':
          meta ??= p;
          break;
        case 'response_item':
          r.add(p, 'response item', at);
          break;
        case 'turn_context':
          model ??= str(p.model);
          break;
        case 'compacted':
          b.context('system', `[context compacted] ${typeof p.message === 'string' ? p.message : ''}`.trim(), at);
          r.breakTurn();
          break;
        case 'event_msg':
          if (p.type === 'token_count') {
            const tokens = tokensOf(p);
            if (tokens) r.setTokens(tokens);
          } else if (p.type === 'exec_command_end' && str(p.call_id) && typeof p.exit_code === 'number')
            exitCodes.set(p.call_id as string, p.exit_code);
          break;
        default:
          b.warn(`unknown rollout line type ${JSON.stringify(v.type)}; skipped`);
      }
      continue;
    }
    // Older rollouts: a bare meta line, state markers and bare ResponseItems.
    if ('record_type' in v) continue;
    if (v.type === undefined && str(v.id) && 'timestamp' in v) {
      meta ??= v;
      continue;
    }
    r.add(v, 'item');
  }

  for (const [id, code] of exitCodes) {
    const c = b.callById(id);
    if (!c?.result) continue;
    // The exit code is a flag: it decides over anything inferred from the text.
    if (code !== 0) c.result.isError = true;
    else if (typeof c.result.isError !== 'boolean') c.result.isError = false;
  }
  if (b.isEmpty()) throw new ImportError(src.name, 'no Codex response items found');
  const extra: Obj = {};
  if (meta && str(meta.id)) extra.sessionId = meta.id;
  if (meta && str(meta.cwd)) extra.cwd = meta.cwd;
  if (meta && str(meta.cli_version)) extra.cliVersion = meta.cli_version;
  if (model) extra.model = model;
  const transcript = b.build({
    format: CODEX_FORMAT,
    source: src.name,
    title:
      titleFrom(requestOf(b.firstUserText(typedByUser))) ??
      (extra.sessionId ? `Codex session ${String(extra.sessionId)}` : src.name),
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { format: CODEX_FORMAT, transcripts: [transcript], warnings };
}

export function sniffCodexRollout(head: string): string | null {
  const line = firstLine(head);
  const h = scanJsonHead(line, 2);
  if (h.root !== 'object') return 'the first line is not a JSON object';
  const top = keysAt(h, '');
  if (top.includes('type') && top.includes('payload') && keyValue('type', LINE_TYPES).test(line)) return null;
  if (top.includes('record_type')) return null;
  if (
    !top.includes('type') &&
    top.includes('id') &&
    top.includes('timestamp') &&
    (top.includes('instructions') || top.includes('git'))
  )
    return null;
  return 'the first line is not a Codex rollout line ({timestamp, type, payload} or a legacy session header)';
}

export const codexRolloutImporter: Importer = {
  id: CODEX_FORMAT,
  label: 'Codex CLI rollout',
  matchesName: (name) => /(^|[\\/])rollout-[^\\/]*\.jsonl$/i.test(name),
  sniff: (head) => sniffCodexRollout(head),
  parse: parseCodexRollout,
};
