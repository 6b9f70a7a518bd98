/**
 * The configs the Python module is compared with the engine under: no-progress variants, every
 * ported preset, and tuned settings of each detector chosen so that it fires on the samples.
 */
import type { EngineConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { np } from './python-module.test-util';

export const CONFIGS: EngineConfig[] = [
  np({ k: 3 }),
  np({ k: 1, window: 5, actions: ['warn', 'block', 'terminate'] }),
  np({ sameError: false, window: 50 }),
  np({ rawText: true }),
  np({ k: 2 }, { ignoreTextualCalls: true }),
  np({ recurrence: 0, cycles: 0, sameTarget: false }),
  np({ recurrence: 2, sameTarget: false, cycles: 2 }),
  np({ recurrence: 4, sameTarget: true, cycles: 0, rawText: true }),
  np({ k: 2, recurrence: 2, cycles: 5, window: 40 }),
  ...PRESETS,
  {
    name: 'ported, tuned',
    detectors: {
      'exact-repeat': { maxDuplicates: 1, rawText: true },
      pattern: { match: 'name', minPatternRepetitions: 3 },
      'consecutive-repeat': { defaultThreshold: 1, action: 'warn' },
      cycle: { maxPeriod: 2, minRepetitions: 3, compareResults: true },
      'summary-loop': { threshold: 1, sameText: true, resetOnUserMessage: true },
      'no-progress': { k: 1 },
      'doom-loop': { exactThreshold: 2, fuzzyThreshold: 2, warningAt: 2, criticalAt: 3, rawText: true },
      'test-fix': { threshold: 1, testTools: ['bash'] },
      'bash-failure-cascade': { threshold: 1, actions: ['warn', 'terminate'] },
      'global-doom-loop': { threshold: 2, minAgents: 1 },
    },
  },
  {
    name: 'chanting',
    detectors: {
      'content-chanting': { chunkSize: 10, threshold: 3, maxDistanceChunks: 20, resetOnToolCall: false },
      cycle: {},
    },
  },
  {
    name: 'chanting, Qwen markers',
    detectors: {
      'content-chanting': {
        chunkSize: 6,
        threshold: 2,
        maxDistanceChunks: 1.5,
        checkPeriods: false,
        fixedMarkers: true,
      },
    },
  },
  {
    name: 'chanting, no period check',
    detectors: { 'content-chanting': { chunkSize: 8, threshold: 2, checkPeriods: false } },
  },
  {
    name: 'judge stand-in',
    detectors: {
      'llm-judge': {
        source: 'heuristic',
        checkAfterTurns: 5,
        initialInterval: 2,
        threshold: 0.25,
        actions: ['warn', 'terminate'],
      },
    },
  },
  {
    name: 'judge recorded, unit scale',
    detectors: {
      'llm-judge': { checkAfterTurns: 10, intervalScale: 'unit', warmupChecks: 0, resetOnUserMessage: true },
    },
  },
  {
    name: 'similar',
    detectors: {
      'similar-args': { threshold: 0.7, maxSimilar: 1 },
      'same-result': { threshold: 0.6, maxSimilarResults: 1, windowSize: 20 },
    },
  },
  {
    name: 'similar, raw, same result',
    detectors: {
      'similar-args': { rawText: true, sameResult: true, ignoreIdentical: true, maxSimilar: 1 },
      'same-result': { rawText: true, errorsOnly: true },
    },
  },
  {
    name: 'cycle as written, reset per prompt',
    detectors: {
      cycle: { maxPeriod: 3, minRepetitions: 2, argsAsWritten: true, resetOnUserPrompt: true, compareResults: true },
    },
  },
  {
    name: 'cycle per turn',
    detectors: { cycle: { maxPeriod: 2, minRepetitions: 2, resetEachTurn: true, rawText: true } },
  },
  { name: 'batches', detectors: { 'batch-repeat': { threshold: 2, actions: ['warn', 'terminate'] } } },
  // Threshold 1 fires on every batch: every response of the corpus runs is compared (docker-agent's 5 never fires there).
  { name: 'every batch', detectors: { 'batch-repeat': { threshold: 1, actions: ['warn', 'block', 'terminate'] } } },
  { name: 'batches as written', detectors: { 'batch-repeat': { threshold: 3, argsAsWritten: true } } },
  {
    name: 'identical streak, low, every, task_progress left out',
    detectors: {
      'identical-streak': {
        warnAt: 1,
        stopAt: 2,
        afterStop: 'every',
        ignoreArgs: ['path', 'command'],
        skipCalls: ['Read'],
      },
    },
  },
  {
    name: 'identical streak, restart, reset per prompt',
    detectors: {
      'identical-streak': {
        warnAt: 0,
        stopAt: 2,
        stopAction: 'block',
        afterStop: 'restart',
        skipCalls: ['Bash:command=ls', 'Edit:file_path'],
        resetOnUserPrompt: true,
      },
    },
  },
  { name: 'steps, small window', detectors: { 'step-repeat': { windowSize: 3, maxRepeats: 1 } } },
  {
    name: 'steps, calls only, no reset',
    detectors: { 'step-repeat': { windowSize: 4, maxRepeats: 1, compareResults: false, resetOnUserPrompt: false } },
  },
  {
    name: 'qwen, low thresholds',
    detectors: {
      'qwen-loop': {
        consecutiveThreshold: 2,
        globalDuplicateThreshold: 3,
        alternatingCycles: 2,
        sameNameThreshold: 3,
        fileReadThreshold: 3,
        fileReadWindow: 5,
        shellInspectionThreshold: 2,
        turnCap: 10,
        readLikeTools: ['Read', 'Glob', 'Grep', 'LS', 'read_file'],
        statefulTools: ['TodoWrite', 'Bash'],
      },
    },
  },
  {
    name: 'qwen, always-on only',
    detectors: { 'qwen-loop': { consecutiveThreshold: 3, heuristics: false, turnCap: 5, globalDuplicateThreshold: 2 } },
  },
  {
    name: 'hermes, low thresholds',
    detectors: {
      'hermes-guard': {
        exactFailureWarnAfter: 1,
        exactFailureBlockAfter: 2,
        sameToolFailureWarnAfter: 1,
        sameToolFailureHaltAfter: 3,
        noProgressWarnAfter: 1,
        noProgressBlockAfter: 3,
        identicalCallThreshold: 2,
        maxCyclePeriod: 5,
        cycleHistory: 8,
        maxWebSearches: 2,
        idempotentTools: ['Read', 'Grep', 'Glob', 'read_file'],
        mutatingTools: ['Bash', 'Edit'],
      },
    },
  },
  {
    name: 'hermes, warnings only',
    detectors: { 'hermes-guard': { hardStop: false, identicalCallThreshold: 2, idempotentTools: ['Read', 'Bash'] } },
  },
  {
    name: 'tool loop, low thresholds',
    detectors: {
      'tool-loop': {
        historySize: 12,
        warningThreshold: 2,
        criticalThreshold: 4,
        globalCircuitBreakerThreshold: 6,
        warningBucket: 1,
      },
    },
  },
  {
    name: 'tool loop, no generic repeat',
    detectors: {
      'tool-loop': { warningThreshold: 3, criticalThreshold: 5, genericRepeat: false, unknownToolThreshold: 2 },
    },
  },
  {
    name: 'stuck v0, low thresholds',
    detectors: {
      'openhands-stuck': {
        actionObservation: 2,
        actionError: 2,
        monologue: 2,
        alternatingPattern: 4,
        condensations: 2,
        emptyResponses: 2,
      },
    },
  },
  {
    name: 'stuck v0, normalised, since the last user message',
    detectors: {
      'openhands-stuck': {
        actionObservation: 3,
        actionError: 2,
        sinceLastUser: true,
        compareThought: false,
        rawText: false,
        scanEvents: 0,
      },
    },
  },
  {
    name: 'stuck sdk, window',
    detectors: {
      'openhands-stuck': {
        flavour: 'sdk',
        actionObservation: 2,
        actionError: 2,
        monologue: 2,
        alternatingPattern: 4,
        scanEvents: 20,
        sinceLastUser: true,
        actions: ['warn', 'terminate'],
      },
    },
  },
  {
    name: 'judge endpoint without a cache',
    detectors: { 'llm-judge': { source: 'openai-compatible', checkAfterTurns: 1 } },
  },
];
