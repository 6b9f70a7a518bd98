/**
 * Asking the judge makes the replay read its answers: the LLM check is turned on with the
 * endpoint's answers as its source. That is a change to the tuned config, so it is said in words
 * with an Undo that brings the config back as it was.
 */
import { getParam, type EngineConfig } from '../../engine/config';
import { useAppStore } from '../../state/store';
import { useJudgeStore, type ConfigBefore } from './judge-store';

interface ConfigChange {
  path: string;
  value: unknown;
  words: string;
}

/** The changes that make the replay read the endpoint's answers (none when it already does). */
export function judgeConfigChanges(draft: EngineConfig): ConfigChange[] {
  const changes: ConfigChange[] = [];
  if (getParam(draft, 'detectors.llm-judge.enabled') !== true)
    changes.push({
      path: 'detectors.llm-judge.enabled',
      value: true,
      words: 'turned the LLM check (llm-judge) on: its alarms and stops now count in the replay',
    });
  if (getParam(draft, 'detectors.llm-judge.source') !== 'openai-compatible')
    changes.push({
      path: 'detectors.llm-judge.source',
      value: 'openai-compatible',
      words: "set its answers to this endpoint's (source openai-compatible)",
    });
  return changes;
}

export function JudgeConfigChange({ before }: { before: ConfigBefore }) {
  const setDraft = useAppStore((s) => s.setDraft);
  const patchRun = useJudgeStore((s) => s.patchRun);
  return (
    <div className="judge-config-change small" role="status" aria-label="Config changed by the judge run">
      <p>To show these answers in the replay, your config was changed: {before.changes.join('; ')}.</p>
      <button
        type="button"
        onClick={() => {
          setDraft(before.draft, before.presetName);
          patchRun({ configBefore: undefined });
        }}
      >
        Undo
      </button>
    </div>
  );
}
