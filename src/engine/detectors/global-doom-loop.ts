/**
 * The doom-loop design's global doom loop (swarm mode): one fingerprint (the primary, as the
 * design's shared state uses) reaching >= 10 calls in the whole run, from >= 2 agents. Every
 * further call of that fingerprint is nudged, as each worker's budget check would. Calls without an
 * agent id count as one agent (the lead).
 */
import type { Transcript } from '../../model/transcript';
import type { DetectorDef } from '../params';
import { LazyCallView } from '../call-view';
import type { Action, CallView } from '../types';
import { RAW_TEXT_PARAM } from './raw-text';
import { formatMessage } from './message-templates';

export interface GlobalDoomLoopParams {
  [key: string]: number | boolean | Action[];
  threshold: number;
  minAgents: number;
  actions: Action[];
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
}

export function globalDoomLoopPrompt(tool: string, workers: number, total: number): string {
  return formatMessage('global-doom-loop', { tool, workers, total });
}

/**
 * The calls before `call` in the turns seen so far, as call views: the counts a detector that
 * skipped them must catch up on.
 */
function callsBefore(t: Transcript, call: CallView): LazyCallView[] {
  const views: LazyCallView[] = [];
  for (const turn of t.turns) {
    if (turn.index > call.turn) break;
    for (const c of turn.calls) {
      if (turn.index === call.turn && c.index >= call.index) break;
      views.push(new LazyCallView(turn.index, c.index, c.name, c.args, c.result, c.agent ?? turn.agent));
    }
  }
  return views;
}

/**
 * Per fingerprint: calls, agents seen and nudges given, in typed arrays indexed by a small id
 * (one Map entry per fingerprint and no object per entry: this table holds every distinct call
 * of the run). Agents are a bitmask while there are at most 31 of them, a set beyond.
 */
class Counts {
  private readonly ids = new Map<string, number>();
  count = new Int32Array(1024);
  agentMask = new Int32Array(1024);
  nudges = new Int32Array(1024);
  readonly manyAgents = new Map<number, Set<number>>();

  id(fp: string): number {
    let id = this.ids.get(fp);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(fp, id);
      if (id === this.count.length) {
        this.count = grow(this.count);
        this.agentMask = grow(this.agentMask);
        this.nudges = grow(this.nudges);
      }
    }
    return id;
  }

  /** Records the agent; returns how many distinct agents this fingerprint has now. */
  addAgent(id: number, agent: number): number {
    if (agent < 31) this.agentMask[id] |= 1 << agent;
    else {
      let set = this.manyAgents.get(id);
      if (!set) this.manyAgents.set(id, (set = new Set()));
      set.add(agent);
    }
    return bits(this.agentMask[id]) + (this.manyAgents.get(id)?.size ?? 0);
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function bits(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

export const globalDoomLoop: DetectorDef<GlobalDoomLoopParams> = {
  id: 'global-doom-loop',
  title: 'Global doom loop',
  origin: 'doom-loop design, swarm mode',
  summary: 'One call fingerprint reaches 10 calls across 2 or more agents.',
  params: [
    { key: 'threshold', label: 'Calls of one fingerprint', type: 'int', min: 2, max: 10000 },
    { key: 'minAgents', label: 'Agents at least', type: 'int', min: 1, max: 100 },
    { key: 'actions', label: 'Actions per nudge of a fingerprint', type: 'actions' },
    RAW_TEXT_PARAM,
  ],
  defaults: { threshold: 10, minAgents: 2, actions: ['warn'], rawText: false },
  create(p, env) {
    // Nothing can fire before minAgents agents have called: a single-agent run skips the
    // per-fingerprint counting, and the calls before the minAgents-th agent's first are counted
    // when it comes (from the turns seen so far, so a live run gives the same events).
    let counts: Counts | undefined;
    const agentIds = new Map<string, number>();
    const agentOf = (name: string | undefined): number => {
      let agent = agentIds.get(name ?? '');
      if (agent === undefined) agentIds.set(name ?? '', (agent = agentIds.size));
      return agent;
    };
    const fpOf = (call: CallView): string => (p.rawText ? call.primary : call.normPrimary);
    const catchUp = (call: CallView): Counts => {
      const c = new Counts();
      for (const before of callsBefore(env.transcript, call)) {
        const id = c.id(fpOf(before));
        c.count[id]++;
        c.addAgent(id, agentOf(before.agent));
      }
      return c;
    };
    return {
      onCall(call, sink) {
        const agent = agentOf(call.agent);
        if (!counts) {
          if (agentIds.size < p.minAgents) return;
          counts = catchUp(call);
        }
        const fp = fpOf(call);
        const id = counts.id(fp);
        const count = ++counts.count[id];
        const agents = counts.addAgent(id, agent);
        if (count < p.threshold || agents < p.minAgents) return;
        const level = ++counts.nudges[id];
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({
          action,
          level,
          message: globalDoomLoopPrompt(call.name, agents, count),
          pattern: [fp],
        });
      },
    };
  },
};
