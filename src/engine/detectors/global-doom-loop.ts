/**
 * Seed 004's global doom loop (swarm mode): one fingerprint (the primary, as the seed's shared
 * state uses) reaching >= 10 calls in the whole run, from >= 2 agents. Every further call of that
 * fingerprint is nudged, as each worker's budget check would. Calls without an agent id count as
 * one agent (the lead).
 */
import type { Transcript } from '../../model/transcript';
import type { DetectorDef } from '../params';
import type { Action } from '../types';

export interface GlobalDoomLoopParams {
  [key: string]: number | Action[];
  threshold: number;
  minAgents: number;
  actions: Action[];
}

export function globalDoomLoopPrompt(tool: string, workers: number, total: number): string {
  return (
    `[System] GLOBAL DOOM LOOP: ${total} calls to ${tool} across\n` +
    `${workers} workers. The entire swarm is stuck on this approach.\n` +
    '1. Try a fundamentally different strategy\n' +
    '2. Do NOT retry the same tool/parameters\n' +
    '3. Consider whether the task goal itself needs re-evaluation'
  );
}

/** Whether the calls come from at least `min` agents; stops scanning as soon as they do. */
function hasAgents(t: Transcript, min: number): boolean {
  const seen: string[] = [];
  for (const turn of t.turns)
    for (const c of turn.calls) {
      const a = c.agent ?? turn.agent ?? '';
      if (!seen.includes(a)) {
        seen.push(a);
        if (seen.length >= min) return true;
      }
    }
  return seen.length >= min;
}

interface Entry {
  count: number;
  agents: string[];
  nudges: number;
}

export const globalDoomLoop: DetectorDef<GlobalDoomLoopParams> = {
  id: 'global-doom-loop',
  title: 'Global doom loop',
  origin: 'seed 004 (swarm mode)',
  summary: 'One call fingerprint reaches 10 calls across 2 or more agents.',
  params: [
    { key: 'threshold', label: 'Calls of one fingerprint', type: 'int', min: 2, max: 10000 },
    { key: 'minAgents', label: 'Agents at least', type: 'int', min: 1, max: 100 },
    { key: 'actions', label: 'Actions per nudge of a fingerprint', type: 'actions' },
  ],
  defaults: { threshold: 10, minAgents: 2, actions: ['warn'] },
  create(p, env) {
    // A single-agent run can never satisfy minAgents >= 2: skip the per-fingerprint counting.
    if (!hasAgents(env.transcript, p.minAgents)) return {};
    const counts = new Map<string, Entry>();
    return {
      onCall(call, sink) {
        const agent = call.agent ?? '';
        let e = counts.get(call.primary);
        if (!e) {
          e = { count: 0, agents: [], nudges: 0 };
          counts.set(call.primary, e);
        }
        e.count++;
        if (!e.agents.includes(agent)) e.agents.push(agent);
        if (e.count < p.threshold || e.agents.length < p.minAgents) return;
        const level = ++e.nudges;
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({
          action,
          level,
          message: globalDoomLoopPrompt(call.name, e.agents.length, e.count),
          pattern: [call.primary],
        });
      },
    };
  },
};
