/**
 * What each preset stands for, in one line, and where its rules were read: shown by
 * `loopscope presets` and beside the workbench's preset picker. Kept beside the configs (not in
 * them: a config file has no such fields).
 */
export interface PresetAbout {
  /** One line: what the system this preset reproduces does. */
  what: string;
  /** The source file the rules were read from (a commit-pinned link where there is one). */
  source: string;
}

// The designs these presets reproduce are not published: docs/detectors.md states each rule.
const DOCS = (section: string) => `docs/detectors.md, section “${section}”`;

export const PRESET_ABOUT: Record<string, PresetAbout> = {
  chatloop: {
    what: 'The ChatLoop design: exact repeats, repeating patterns and near-identical retries, escalating from a warning to a stop.',
    source: DOCS('Presets chatloop, chatloop-conservative, chatloop-aggressive (the ChatLoop design)'),
  },
  'chatloop-conservative': {
    what: 'The ChatLoop design with its conservative thresholds: fewer, later alarms.',
    source: DOCS('Presets chatloop, chatloop-conservative, chatloop-aggressive (the ChatLoop design)'),
  },
  'chatloop-aggressive': {
    what: 'The ChatLoop design with its aggressive thresholds: earlier alarms, more false ones.',
    source: DOCS('Presets chatloop, chatloop-conservative, chatloop-aggressive (the ChatLoop design)'),
  },
  crustly: {
    what: 'The Crustly design: identical consecutive calls past a per-category limit are refused (exploration 10, modification 2, other 3).',
    source: DOCS('Preset crustly (the Crustly design)'),
  },
  'cycle-escalation': {
    what: 'The cycle-escalation design: 1-, 2- and 3-call cycles; per pattern a warning, a stronger warning, then LOOP_DETECTED.',
    source: DOCS('Presets cycle-escalation (the cycle-escalation design) and doom-loop (the doom-loop design)'),
  },
  'doom-loop': {
    what: 'The doom-loop design: the same call in a row, with its test-fix, bash-failure and summary checks.',
    source: DOCS('Presets cycle-escalation (the cycle-escalation design) and doom-loop (the doom-loop design)'),
  },
  'llm-check': {
    what: "Gemini CLI's LLM loop check from turn 30. Its interval after a check scales by the threshold (the worked example), not by the code's round(5 + 10(1 - c)): set intervalScale unit for the code's.",
    source: DOCS("llm-judge — the LLM-check design (Gemini CLI's LLM loop check)"),
  },
  'gemini-cli': {
    what: 'Gemini CLI: a cycle of 1-5 calls repeated 5 times, chanting text, an LLM check from turn 30; the first detection nudges, the second halts.',
    source:
      'https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/services/loopDetectionService.ts',
  },
  openhands: {
    what: "OpenHands (V0 controller): StuckDetector's six scenarios (4 identical action-observation pairs, 3 errors, monologue, alternation, condensation, empty responses) end the run.",
    source:
      'https://github.com/OpenHands/OpenHands/blob/331a1a43145f185f7596431e2a19668a0e0a6daa/openhands/controller/stuck.py',
  },
  'openhands-sdk': {
    what: "OpenHands SDK: the StuckDetector's four scenarios over the last 20 events after the last user message end the run; the same failing call 3 times first gets a nudge, the 4th is stuck (PR #4332).",
    // OpenHands/software-agent-sdk after its PR #4332 (the nudge), read in a fork: the upstream file
    // is stored only before it (1c2e6b51, docs/detectors.md).
    source:
      'https://github.com/yqwd-dimleap/suricate-sdk/blob/a65650736f4bedbaf4863bdbe36b0b97b2780b97/openhands-sdk/openhands/sdk/conversation/stuck_detector.py',
  },
  openclaw: {
    what: 'OpenClaw: over the last 30 calls, warns at 10 repeats and blocks at 20 without progress (generic, polls, ping-pong), breaker at 30.',
    source:
      'https://github.com/openclaw/openclaw/blob/00655306d8f3d8123be9d4bf956c3f8ad32bd4e0/src/agents/tool-loop-detection.ts',
  },
  'docker-agent': {
    what: 'docker-agent: the same batch of calls 5 responses in a row (max_consecutive_tool_calls) ends the run.',
    source:
      'https://github.com/vvoland/cagent/blob/1ed6ba03474dc9f5e9a879c228ae1499d992a14f/pkg/runtime/tool_loop_detector.go',
  },
  opencode: {
    what: 'opencode: 3 identical calls in one response ask the user (doom_loop permission) before the call runs.',
    source:
      'https://github.com/sst/opencode/blob/31e22f65a23c498639b8cef24b90e6ae193cdcb6/packages/opencode/src/session/processor.ts',
  },
  'octo-agent': {
    what: 'octo-agent: the same batch of tool calls (observation tools left out) 5 replies in a row within a user turn stops the run.',
    source:
      'https://github.com/open-octo/octo-agent/blob/d45b9647dd18ed0d086ba4409f8c4b8864c2e1b9/internal/agent/agent.go',
  },
  'pydantic-deepagents': {
    what: 'pydantic-deepagents: the same call 3 times, two calls alternating 3 times, or one tool returning the same result 3 times (any arguments) warns the model.',
    source:
      'https://github.com/vstorm-co/pydantic-deepagents/blob/4a3666da898eb8ff027d3fa62a49521ad383498c/pydantic_deep/capabilities/stuck_loop.py',
  },
  'qwen-code': {
    what: 'Qwen Code with model.skipLoopDetection off (out of the box only the first and the git and cap guards run): the same call 5 times in a row or 6 times in a prompt, two calls alternating 3 times, 8 reads among 15 calls, one tool 8 times in a row, 8 overview git checks, chanting: the turn halts.',
    source:
      'https://github.com/QwenLM/qwen-code/blob/00aa71b4a0a37df1c392eb9b90e1c53d008fdce5/packages/core/src/services/loopDetectionService.ts',
  },
  cline: {
    what: 'Cline: the same call 3 times in a row gets a warning; the 5th stops the task and asks the user (mistake limit).',
    source:
      'https://github.com/cline/cline/blob/592293271eb7762c63239991ab08dfbd57e6e28f/src/core/task/loop-detection.ts',
  },
  'roo-code': {
    what: 'Roo Code: the 4th identical call in a row is refused and the user asked; then the count starts over (browser scrolls exempt).',
    source:
      'https://github.com/RooCodeInc/Roo-Code/blob/37479466bc615057ee1865c395d00a3b5e0569a2/src/core/tools/ToolRepetitionDetector.ts',
  },
  'kilo-code': {
    what: "Kilo Code: opencode's doom loop, 3 identical calls in one response ask the user (doom_loop permission).",
    source:
      'https://github.com/Kilo-Org/kilocode/blob/00fb89850f0c506b24e2180c5988625e46aac3dd/packages/opencode/src/session/processor.ts',
  },
  crush: {
    what: 'Crush: one step (tool, input, output) more than 5 times among the last 10 steps stops the run.',
    source:
      'https://github.com/charmbracelet/crush/blob/248fc9c0a0c9bff328d4568652de2c79970a611a/internal/agent/loop_detection.go',
  },
  crewai: {
    what: 'CrewAI: a call identical to the previous one is refused ("I tried reusing the same input"), every time.',
    source:
      'https://github.com/crewAIInc/crewAI/blob/020cf9b584dad901ccade975dc42a29846b2ea9a/lib/crewai/src/crewai/tools/tool_usage.py',
  },
  'hermes-agent': {
    what: 'Hermes Agent: warn/refuse ladders per failure type (same failing call 2/5, one tool failing 3/8, same read-only result 2/5), identical streaks and 2-4-call cycles noticed at 3, halted at 5.',
    source:
      'https://github.com/NousResearch/hermes-agent/blob/06c25ac90be80f38672ba0169814d9620fe8c9fa/agent/tool_guardrails.py',
  },
  recommended: {
    what: 'Ours: the detectors and parameters that score best held out on the labelled corpus (docs/corpus.md); the CLI default.',
    source: 'docs/detectors.md, "Preset recommended" (src/engine/presets/recommended.ts)',
  },
};

export function presetAbout(name: string | undefined): PresetAbout | undefined {
  return name !== undefined && Object.hasOwn(PRESET_ABOUT, name) ? PRESET_ABOUT[name] : undefined;
}
