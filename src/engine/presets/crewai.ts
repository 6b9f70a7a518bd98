import type { EngineConfig } from '../config';

/**
 * CrewAI's repeated-usage check (crewAIInc/crewAI lib/crewai/src/crewai/tools/tool_usage.py at
 * 020cf9b584dad901ccade975dc42a29846b2ea9a, `_check_tool_repeated_usage`): a call with the same
 * tool and the same arguments as the last one used is not run; the agent gets "I tried reusing the
 * same input, I must stop using this action input." instead, at every such call.
 */
export const crewai: EngineConfig = {
  name: 'crewai',
  detectors: {
    'identical-streak': {
      warnAt: 0,
      stopAt: 2,
      stopAction: 'block',
      afterStop: 'every',
      ignoreArgs: [],
      skipCalls: [],
      resetOnUserPrompt: false,
    },
  },
};
