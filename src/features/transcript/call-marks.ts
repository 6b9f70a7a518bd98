import { ERROR_RULES } from '../../model/error-rules';

/** Tooltip of an inferred error: which rule decided, and what it looks for. */
export function errorRuleTitle(ruleId: string): string {
  const rule = ERROR_RULES.find((r) => r.id === ruleId);
  return `Inferred error (the format has no error flag) — rule ${ruleId}${rule ? `: ${rule.description}` : ''}`;
}
