/** Named configs with stable names (docs/design.md, section 4). One file per preset, listed here. */
import type { EngineConfig } from '../config';
import { chatloop } from './chatloop';
import { chatloopConservative } from './chatloop-conservative';
import { chatloopAggressive } from './chatloop-aggressive';
import { crustly } from './crustly';
import { cycleEscalation } from './cycle-escalation';
import { doomLoopPreset } from './doom-loop';
import { llmCheck } from './llm-check';
import { geminiCli } from './gemini-cli';
import { openhands } from './openhands';
import { openhandsSdk } from './openhands-sdk';
import { openclaw } from './openclaw';
import { dockerAgent } from './docker-agent';
import { opencode } from './opencode';
import { octoAgent } from './octo-agent';
import { pydanticDeepagents } from './pydantic-deepagents';
import { qwenCode } from './qwen-code';
import { cline } from './cline';
import { rooCode } from './roo-code';
import { kiloCode } from './kilo-code';
import { crush } from './crush';
import { crewai } from './crewai';
import { hermesAgent } from './hermes-agent';
import { recommended } from './recommended';

export const PRESETS: EngineConfig[] = [
  chatloop,
  chatloopConservative,
  chatloopAggressive,
  crustly,
  cycleEscalation,
  doomLoopPreset,
  llmCheck,
  geminiCli,
  openhands,
  openhandsSdk,
  openclaw,
  dockerAgent,
  opencode,
  octoAgent,
  pydanticDeepagents,
  qwenCode,
  cline,
  rooCode,
  kiloCode,
  crush,
  crewai,
  hermesAgent,
  recommended,
];

export function presetByName(name: string): EngineConfig | undefined {
  return PRESETS.find((p) => p.name === name);
}
