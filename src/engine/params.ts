/**
 * Parameter specs: one description per detector parameter, used both to validate configs
 * (CLI, share links, stored drafts) and to build the live controls in the workbench.
 */
import { echoValue } from '../model/limits';
import type { Action, Detector, DetectorEnv, DetectorId } from './types';

export type ParamSpec =
  | { key: string; label: string; type: 'int'; min: number; max: number; help?: string }
  | { key: string; label: string; type: 'number'; min: number; max: number; step: number; help?: string }
  | { key: string; label: string; type: 'boolean'; help?: string }
  | { key: string; label: string; type: 'enum'; options: readonly string[]; help?: string }
  | { key: string; label: string; type: 'strings'; help?: string }
  | { key: string; label: string; type: 'actions'; help?: string };

export type ParamValue = number | boolean | string | string[] | Action[];
export type Params = Record<string, ParamValue>;

export interface DetectorDef<P extends Params = Params> {
  id: DetectorId;
  title: string;
  /** Where the rule comes from: the design or shipping system it was transcribed from. */
  origin: string;
  summary: string;
  params: ParamSpec[];
  defaults: P;
  create(params: P, env: DetectorEnv): Detector;
}

const ACTIONS: readonly Action[] = ['warn', 'block', 'terminate'];

/** Null when the value fits the spec, otherwise why not (the caller adds the field path). */
export function checkParam(spec: ParamSpec, v: unknown): string | null {
  switch (spec.type) {
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v)) return `must be an integer, got ${echoValue(v)}`;
      if (v < spec.min || v > spec.max) return `must be between ${spec.min} and ${spec.max}, got ${v}`;
      return null;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return `must be a number, got ${echoValue(v)}`;
      if (v < spec.min || v > spec.max) return `must be between ${spec.min} and ${spec.max}, got ${v}`;
      return null;
    case 'boolean':
      return typeof v === 'boolean' ? null : `must be true or false, got ${echoValue(v)}`;
    case 'enum':
      return typeof v === 'string' && spec.options.includes(v)
        ? null
        : `must be one of ${spec.options.join(', ')}, got ${echoValue(v)}`;
    case 'strings':
      return Array.isArray(v) && v.every((s) => typeof s === 'string')
        ? null
        : `must be a list of strings, got ${echoValue(v)}`;
    case 'actions':
      if (!Array.isArray(v) || v.length === 0) return `must be a non-empty list of actions, got ${echoValue(v)}`;
      for (const a of v)
        if (!ACTIONS.includes(a as Action)) return `has unknown action ${echoValue(a)} (warn, block, terminate)`;
      return null;
  }
}
