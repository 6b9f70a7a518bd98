import { describe, expect, it } from 'vitest';
import { ConfigError, validateConfig } from './config';

const WHY = '(a number past ±1.8e308, such as 1e309, reads as Infinity)';

describe('non-finite numbers in a config', () => {
  it('version: 1e309 becomes Infinity: refused at validation, naming the field', () => {
    expect(() => validateConfig(JSON.parse('{"version": 1e309, "detectors": {}}'))).toThrow(
      new ConfigError('version', `must be a finite number, got Infinity ${WHY}`),
    );
  });

  it('names the path of a parameter or a nested value, and refuses NaN from storage', () => {
    expect(() => validateConfig(JSON.parse('{"detectors": {"pattern": {"windowSize": -1e309}}}'))).toThrow(
      `detectors.pattern.windowSize: must be a finite number, got -Infinity ${WHY}`,
    );
    expect(() => validateConfig(JSON.parse('{"$schema": {"a": [1, 2e400]}, "detectors": {}}'))).toThrow(
      `$schema.a[1]: must be a finite number, got Infinity ${WHY}`,
    );
    expect(() => validateConfig({ detectors: { 'llm-judge': { threshold: NaN } } })).toThrow(
      `detectors.llm-judge.threshold: must be a finite number, got NaN ${WHY}`,
    );
  });

  it('keeps finite numbers, however large', () => {
    const config = validateConfig(JSON.parse('{"version": 1.7976931348623157e308, "detectors": {}}'));
    expect((config as { version?: number }).version).toBe(Number.MAX_VALUE);
  });
});
