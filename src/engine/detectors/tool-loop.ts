/**
 * OpenClaw's tool-loop detection (openclaw/openclaw src/agents/tool-loop-detection.ts at
 * 00655306d8f3d8123be9d4bf956c3f8ad32bd4e0; the actions from src/agents/pi-tools.before-tool-call.ts
 * at 004e82d079f8ac98cb9e713301eef0a553e69552). Checked before each call against the calls before
 * it, in the source's order: unknown tool repeated, global circuit breaker, known poll without
 * progress, ping-pong, generic repeat. A critical result blocks the call (and the blocked call is
 * not recorded); a warning is logged once per bucket of 10 counts per pattern.
 * The outcome of a call is its result (error flag + content): the transcript has no `details`
 * object, so exec / process status fields and message-send ids are not hashed apart.
 */
import { Lru } from '../../model/lru';
import { canonicalJson } from '../fingerprint';
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import {
  isKnownPoll,
  noProgressStreak,
  pingPongStreak,
  unknownToolName,
  unknownToolStreak,
  type ToolRecord,
} from './tool-loop-history';
import { formatMessage } from './message-templates';

export interface ToolLoopParams {
  [key: string]: number | boolean;
  historySize: number;
  warningThreshold: number;
  criticalThreshold: number;
  globalCircuitBreakerThreshold: number;
  unknownToolThreshold: number;
  genericRepeat: boolean;
  knownPollNoProgress: boolean;
  pingPong: boolean;
  warningBucket: number;
}

const MAX_WARNING_KEYS = 256;

interface Finding {
  critical: boolean;
  kind: string;
  count: number;
  message: string;
  key: string;
}

/** `normalizeUpdatePlanShape`: update_plan wording churn is not progress. */
function planShape(args: unknown): unknown {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args;
  const a = args as Record<string, unknown>;
  const plan = (Array.isArray(a.plan) ? a.plan : []).map((e) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return { status: null, hasStep: false };
    const o = e as Record<string, unknown>;
    return {
      status: typeof o.status === 'string' ? o.status : null,
      hasStep: typeof o.step === 'string' && o.step.trim().length > 0,
    };
  });
  return {
    planLength: plan.length,
    statuses: plan.map((p) => p.status),
    stepPresence: plan.map((p) => p.hasStep),
    hasExplanation: typeof a.explanation === 'string' && a.explanation.trim().length > 0,
  };
}

function argsHash(c: CallView): string {
  return c.name === 'update_plan' ? `${c.name}:${canonicalJson(planShape(c.args) as never)}` : c.exact;
}

/**
 * A call as the history keeps it. Its outcome's fingerprint is read only when a streak compares
 * it (the earlier calls with the same arguments, a ping-pong's tail): hashing every result's
 * full text was most of a replay.
 */
class CallRecord implements ToolRecord {
  readonly toolName: string;
  readonly unknownToolName: string | undefined;

  constructor(
    readonly argsHash: string,
    private readonly call: CallView,
  ) {
    this.toolName = call.name;
    this.unknownToolName = call.result?.isError ? unknownToolName(call.result.content) : undefined;
  }

  get resultHash(): string | undefined {
    const c = this.call;
    if (!c.result) return undefined;
    // update_plan's acknowledgement text is ignored (its details are not in the transcript).
    return c.name === 'update_plan' ? 'update_plan' : c.resultFp;
  }
}

function find(p: ToolLoopParams, history: ToolRecord[], c: CallView, hash: string): Finding | null {
  const name = c.name;
  const unknown = unknownToolStreak(history, name);
  const np = noProgressStreak(history, hash);
  const poll = isKnownPoll(name, c.args);
  const pp = pingPongStreak(history, hash);
  if (unknown.count >= p.unknownToolThreshold)
    return {
      critical: true,
      kind: 'unknown_tool_repeat',
      count: unknown.count,
      message: formatMessage('tool-loop.unknown-tool', { tool: unknown.name ?? name, count: unknown.count }),
      key: `unknown-tool:${name}:${unknown.name ?? 'unknown'}`,
    };
  if (np.count >= p.globalCircuitBreakerThreshold)
    return {
      critical: true,
      kind: 'global_circuit_breaker',
      count: np.count,
      message: formatMessage('tool-loop.global-circuit-breaker', { tool: name, count: np.count }),
      key: `global:${hash}`,
    };
  if (poll && p.knownPollNoProgress && np.count >= p.warningThreshold) {
    const critical = np.count >= p.criticalThreshold;
    return {
      critical,
      kind: 'known_poll_no_progress',
      count: np.count,
      message: formatMessage(critical ? 'tool-loop.poll-critical' : 'tool-loop.poll-warning', {
        tool: name,
        count: np.count,
      }),
      key: `poll:${hash}:${np.latest ?? 'none'}`,
    };
  }
  const ppKey = pp.pairedSignature ? `pingpong:${[hash, pp.pairedSignature].sort().join('|')}` : `pingpong:${hash}`;
  if (p.pingPong && pp.count >= p.criticalThreshold && pp.noProgressEvidence)
    return {
      critical: true,
      kind: 'ping_pong',
      count: pp.count,
      message: formatMessage('tool-loop.ping-pong-critical', { count: pp.count }),
      key: ppKey,
    };
  if (p.pingPong && pp.count >= p.warningThreshold)
    return {
      critical: false,
      kind: 'ping_pong',
      count: pp.count,
      message: formatMessage('tool-loop.ping-pong-warning', { count: pp.count }),
      key: ppKey,
    };
  if (poll || !p.genericRepeat) return null;
  if (np.count >= p.criticalThreshold)
    return {
      critical: true,
      kind: 'generic_repeat',
      count: np.count,
      message: formatMessage('tool-loop.generic-critical', { tool: name, count: np.count }),
      key: `generic:${hash}:${np.latest ?? 'none'}`,
    };
  let recent = 0;
  for (const r of history) if (r.argsHash === hash) recent++;
  if (recent >= p.warningThreshold)
    return {
      critical: false,
      kind: 'generic_repeat',
      count: recent,
      message: formatMessage('tool-loop.generic-warning', { tool: name, count: recent }),
      key: `generic:${hash}`,
    };
  return null;
}

export const toolLoop: DetectorDef<ToolLoopParams> = {
  id: 'tool-loop',
  title: 'Tool-loop detection (OpenClaw)',
  origin: 'OpenClaw src/agents/tool-loop-detection.ts',
  summary:
    'Over the last 30 calls: the same call 10 times (warn), 20 times with the same outcome (block); polls without progress; A,B ping-pong; a global breaker at 30.',
  params: [
    { key: 'historySize', label: 'History (calls)', type: 'int', min: 1, max: 1000 },
    { key: 'warningThreshold', label: 'Warning at', type: 'int', min: 1, max: 1000 },
    { key: 'criticalThreshold', label: 'Critical (block) at', type: 'int', min: 1, max: 1000 },
    {
      key: 'globalCircuitBreakerThreshold',
      label: 'Global circuit breaker at',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'Identical no-progress outcomes of one call, any tool; counted within the history, so a value above it never fires.',
    },
    { key: 'unknownToolThreshold', label: 'Unknown tool repeated', type: 'int', min: 1, max: 1000 },
    { key: 'genericRepeat', label: 'Generic repeat', type: 'boolean' },
    {
      key: 'knownPollNoProgress',
      label: 'Known poll without progress',
      type: 'boolean',
      help: 'command_status; process with action poll or log.',
    },
    { key: 'pingPong', label: 'Ping-pong', type: 'boolean' },
    {
      key: 'warningBucket',
      label: 'Warnings: one per this many counts',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'LOOP_WARNING_BUCKET_SIZE: a pattern warns again only when its count reaches the next multiple.',
    },
  ],
  defaults: {
    historySize: 30,
    warningThreshold: 10,
    criticalThreshold: 20,
    globalCircuitBreakerThreshold: 30,
    unknownToolThreshold: 10,
    genericRepeat: true,
    knownPollNoProgress: true,
    pingPong: true,
    warningBucket: 10,
  },
  create(p) {
    const history: ToolRecord[] = [];
    // The bucket is updated in place: a key keeps its first warning's place in the eviction order.
    const buckets = new Lru<string, { bucket: number }>(MAX_WARNING_KEYS);
    let level = 0;
    return {
      onCall(call, sink) {
        const hash = argsHash(call);
        const f = find(p, history, call, hash);
        if (f?.critical) {
          level++;
          sink.emit({ action: 'block' as Action, level, message: f.message, pattern: [hash] });
          return; // a blocked call is not recorded
        }
        if (f) {
          const bucket = Math.floor(f.count / p.warningBucket);
          const warned = buckets.peek(f.key);
          if (bucket > (warned?.bucket ?? 0)) {
            if (warned) warned.bucket = bucket;
            else buckets.set(f.key, { bucket });
            level++;
            sink.emit({ action: 'warn', level, message: f.message, pattern: [hash] });
          }
        }
        history.push(new CallRecord(hash, call));
        if (history.length > p.historySize) history.splice(0, history.length - p.historySize);
      },
    };
  },
};
