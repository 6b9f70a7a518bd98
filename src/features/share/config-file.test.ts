import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ConfigError, setParam } from '../../engine/config';
import { decodeConfig } from '../../persistence/share-link';
import { presetByName } from '../../engine/presets/index';
import { checkConfigFileSize, configFile, configFileText, readConfigFile } from './config-file';

const crustly = presetByName('crustly')!;
const tuned = setParam(crustly, 'detectors.consecutive-repeat.explorationThreshold', 5);

describe('config file', () => {
  it('wraps the draft with its name and preset', () => {
    expect(configFile(tuned, 'crustly')).toEqual({
      loopscope: 'config',
      version: 1,
      name: 'crustly (tuned)',
      basedOn: 'crustly',
      config: { ...tuned, name: 'crustly (tuned)' },
    });
    expect(configFile(crustly, 'crustly')).toMatchObject({ name: 'crustly', config: crustly });
    expect(configFile({ detectors: {} }, 'chatloop').name).toBe('chatloop (tuned)');
    expect(
      configFileText(tuned, 'crustly').startsWith(
        '{\n  "loopscope": "config",\n  "version": 1,\n  "name": "crustly (tuned)",',
      ),
    ).toBe(true);
  });

  it('reads its own file back, with the preset it was tuned from', () => {
    expect(readConfigFile(configFileText(tuned, 'crustly'))).toEqual({
      config: { ...tuned, name: 'crustly (tuned)' },
      presetName: 'crustly',
    });
  });

  it('reads a bare config; the preset comes from its basedOn when known', () => {
    expect(readConfigFile(JSON.stringify(tuned))).toEqual({ config: tuned, presetName: null });
    expect(readConfigFile(JSON.stringify({ ...tuned, basedOn: 'doom-loop' })).presetName).toBe('doom-loop');
    expect(readConfigFile(JSON.stringify({ ...tuned, basedOn: 'no-such-preset' })).presetName).toBeNull();
  });

  it('names the field of every problem', () => {
    const err = (text: string) => {
      try {
        readConfigFile(text);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as ConfigError).message;
      }
      throw new Error('no error');
    };
    expect(err('{oops')).toMatch(/^file: is not JSON \(/);
    expect(err('{"loopscope":"report","config":{}}')).toBe(
      'loopscope: must be "config" in a config file, got "report"',
    );
    expect(err('{"loopscope":"config","version":2,"config":{"detectors":{}}}')).toBe(
      'version: must be 1, got 2 (a newer Loopscope wrote this file?)',
    );
    expect(err('{"loopscope":"config","version":1}')).toBe(
      'config: is missing: a config file holds the config in "config"',
    );
    expect(err('{"loopscope":"config","version":1,"config":{"detectors":{"pattern":{"windowSize":"ten"}}}}')).toBe(
      'detectors.pattern.windowSize: must be an integer, got "ten"',
    );
    expect(err('[]')).toBe('config: must be a JSON object');
    expect(err('{\n  "detectors": {},\n}')).toBe(
      'file: is not JSON (Expected double-quoted property name in JSON at position 21 (line 3 column 1))',
    );
  });

  it('refuses a file over the config size limit before reading it', () => {
    expect(() => checkConfigFileSize(1024 * 1024)).not.toThrow();
    expect(() => checkConfigFileSize(7 * 1024 * 1024)).toThrow(
      new ConfigError('file', 'is 7 MiB, over the 1 MiB limit for a config file'),
    );
  });
});

describe('a config with 1e309', () => {
  it('is refused from a config file and from a share link with the same message', () => {
    expect(() =>
      readConfigFile('{"loopscope": "config", "version": 1, "config": {"version": 1e309, "detectors": {}}}'),
    ).toThrow(
      `version: must be a finite number, got Infinity (a number past ±1.8e308, such as 1e309, reads as Infinity)`,
    );
    expect(() => readConfigFile('{"loopscope": "config", "version": 1e309, "config": {"detectors": {}}}')).toThrow(
      'version: must be 1, got Infinity (a newer Loopscope wrote this file?)',
    );
    // A link made by hand: encodeConfig cannot write 1e309 (JSON.stringify writes null).
    const payload = Buffer.from(deflateSync(strToU8('{"version":1e309,"detectors":{}}'), { level: 9 })).toString(
      'base64url',
    );
    expect(() => decodeConfig(payload)).toThrow(
      `the config in this link is invalid: version: must be a finite number, got Infinity (a number past ±1.8e308, such as 1e309, reads as Infinity)`,
    );
  });
});
