import { describe, expect, it } from 'vitest';
import { planImport, skipReason, type ImportUnit } from './folder';
import { openHandsEventOrder } from './openhands-event-names';

const entries = (paths: string[]) => paths.map((path, i) => ({ path, size: 10 + i, file: path }));

/** A plan as lines a person could read: what becomes what. */
function describePlan(units: ImportUnit<string>[]): string[] {
  return units.map((u) =>
    u.kind === 'file'
      ? `${u.optional ? 'try' : 'file'} ${u.path}`
      : `session ${u.path} [${u.files.map((f) => f.path.split('/').pop()).join(' ')}]`,
  );
}

describe('openHandsEventOrder', () => {
  it('reads V0 numbers and V1 SDK event names, nothing else', () => {
    expect(openHandsEventOrder('0.json')).toBe(0);
    expect(openHandsEventOrder('117.json')).toBe(117);
    expect(openHandsEventOrder('event-00042-6f1c2a9e-0b7d-4c1e-9a55-3e2f1d0c9b8a.json')).toBe(42);
    expect(openHandsEventOrder('metadata.json')).toBeUndefined();
    expect(openHandsEventOrder('0.jsonl')).toBeUndefined();
    expect(openHandsEventOrder('event-42-x.json')).toBeUndefined();
  });
});

describe('planImport: folders as they sit on disk', () => {
  it('an OpenHands V0 sessions folder: one session per events/ folder, metadata and state skipped', () => {
    const plan = planImport(
      entries([
        'sessions/a1/events/0.json',
        'sessions/a1/events/1.json',
        'sessions/a1/events/10.json',
        'sessions/a1/events/2.json',
        'sessions/a1/metadata.json',
        'sessions/a1/agent_state.pkl',
        'sessions/b2/events/0.json',
      ]),
    );
    expect(describePlan(plan.units)).toEqual([
      'session sessions/a1/events [0.json 1.json 10.json 2.json]',
      'session sessions/b2/events [0.json]',
    ]);
    expect(plan.skipped).toEqual([
      { path: 'sessions/a1/agent_state.pkl', reason: 'pickled agent state' },
      { path: 'sessions/a1/metadata.json', reason: 'OpenHands session metadata' },
    ]);
    expect(plan.files).toBe(5);
    expect(plan.bytes).toBe(10 + 11 + 12 + 13 + 16);
  });

  it('a V1 SDK conversation folder and a dropped events/ folder alone', () => {
    const v1 = planImport(
      entries([
        'conversations/c9/base_state.json',
        'conversations/c9/events/event-00000-5df490d1-98e8-4dea-9ae7-7f36c59f8ed5.json',
        'conversations/c9/events/event-00001-0c2f1a77-3b1e-4c59-8d0e-1f2a3b4c5d6e.json',
      ]),
    );
    expect(describePlan(v1.units)).toEqual([
      'session conversations/c9/events [event-00000-5df490d1-98e8-4dea-9ae7-7f36c59f8ed5.json event-00001-0c2f1a77-3b1e-4c59-8d0e-1f2a3b4c5d6e.json]',
    ]);
    expect(v1.skipped).toEqual([{ path: 'conversations/c9/base_state.json', reason: 'OpenHands session metadata' }]);
    // Numbered files picked without their folder still make one session; one stray 3.json does not.
    expect(describePlan(planImport(entries(['0.json', '1.json'])).units)).toEqual(['session events [0.json 1.json]']);
    expect(describePlan(planImport(entries(['runs/3.json', 'runs/notes.json'])).units)).toEqual([
      'file runs/3.json',
      'file runs/notes.json',
    ]);
  });

  it('a SWE-agent run folder: .traj files import, predictions, patches, configs and logs are skipped', () => {
    const plan = planImport(
      entries([
        'run/django-1/django-1.traj',
        'run/django-1/django-1.pred',
        'run/django-1/django-1.patch',
        'run/django-1/django-1.config.yaml',
        'run/django-1/django-1.debug.log',
        'run/preds.json',
        'run/run_batch.config.yaml',
        'run/README.md',
      ]),
    );
    expect(describePlan(plan.units)).toEqual(['file run/django-1/django-1.traj']);
    expect(plan.skipped.map((s) => `${s.path}: ${s.reason}`)).toEqual([
      'run/README.md: documentation',
      'run/django-1/django-1.config.yaml: a config file',
      'run/django-1/django-1.debug.log: a log',
      'run/django-1/django-1.patch: a patch',
      'run/django-1/django-1.pred: a SWE-agent prediction',
      'run/preds.json: SWE-agent predictions',
      'run/run_batch.config.yaml: a config file',
    ]);
  });

  it('Claude Code projects (subagents as their own files), Codex trees and inspect_ai logs', () => {
    const plan = planImport(
      entries([
        'projects/-home-me-app/5d1f.jsonl',
        'projects/-home-me-app/5d1f/subagents/agent-a1.jsonl',
        'projects/-home-me-app/5d1f/subagents/agent-a1.meta.json',
        'sessions/2025/10/16/rollout-2025-10-16T10-21-30-0199.jsonl',
        'history.jsonl',
        'logs/2025-02-11_popularity.eval',
        'logs/2025-05-12_browser.json',
        'logs/logs.json',
        'notes.txt',
        '.DS_Store',
        'LICENSE',
      ]),
    );
    expect(describePlan(plan.units)).toEqual([
      'file logs/2025-02-11_popularity.eval',
      'file logs/2025-05-12_browser.json',
      'try notes.txt',
      'file projects/-home-me-app/5d1f.jsonl',
      'file projects/-home-me-app/5d1f/subagents/agent-a1.jsonl',
      'file sessions/2025/10/16/rollout-2025-10-16T10-21-30-0199.jsonl',
    ]);
    expect(plan.skipped.map((s) => s.path)).toEqual([
      '.DS_Store',
      'LICENSE',
      'history.jsonl',
      'logs/logs.json',
      'projects/-home-me-app/5d1f/subagents/agent-a1.meta.json',
    ]);
  });

  it('never skips an aider history by name', () => {
    expect(skipReason('proj/.aider.chat.history.md')).toBeUndefined();
    expect(skipReason('proj/CHANGELOG.md')).toBe('documentation');
    expect(skipReason('LICENSE-MIT')).toBe('a licence or notice');
  });
});
