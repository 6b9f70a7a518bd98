/**
 * A judge run reads the same config as the replay: the llm-judge settings for the schedule, and
 * the transcript the detectors see (without text-written calls when the config says so), so the
 * histories it asks about hash exactly as the replay's.
 */
import type { Transcript } from '../../model/transcript';
import { resolveConfig, type EngineConfig, type ResolvedConfig } from '../config';
import type { LlmJudgeParams } from '../detectors/llm-judge';
import { withoutTextualCalls } from '../textual-filter';
import type { JudgeLoopParams } from './judge-loop';

export function judgeParamsOf(config: EngineConfig | ResolvedConfig): Omit<JudgeLoopParams, 'source'> {
  // Resolving a resolved config gives it back unchanged.
  const resolved = resolveConfig(config as EngineConfig);
  const {
    source: _source,
    enabled: _enabled,
    ...rest
  } = resolved.detectors['llm-judge'] as unknown as LlmJudgeParams & {
    enabled: boolean;
  };
  return rest;
}

export function judgedTranscript(config: EngineConfig | ResolvedConfig, t: Transcript): Transcript {
  const resolved = resolveConfig(config as EngineConfig);
  return resolved.ignoreTextualCalls ? withoutTextualCalls(t) : t;
}
