import { useRef, useState } from 'react';
import { ConfigError } from '../../engine/config';
import { useAppStore } from '../../state/store';
import { checkConfigFileSize, CONFIG_FILE_NAME, configFileText, readConfigFile } from './config-file';
import { downloadText } from './download';

/** Download the draft as `loopscope-config.json`; load such a file (or a bare config) back. */
export function ConfigFileSection() {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const setDraft = useAppStore((s) => s.setDraft);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = async (file: File) => {
    setStatus('');
    try {
      checkConfigFileSize(file.size);
      const { config, presetName: preset } = readConfigFile(await file.text());
      setDraft(config, preset ?? undefined);
      setError(null);
      const base = preset ?? useAppStore.getState().presetName;
      setStatus(`Loaded ${file.name}: config “${config.name ?? base}”, measured against ${base}.`);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      setError(`${file.name} was not loaded. ${e.message}. Your current config is unchanged.`);
    }
  };

  return (
    <section className="share-section" aria-labelledby="share-config-file">
      <h3 id="share-config-file">Config file</h3>
      <div className="share-buttons">
        <button
          type="button"
          className="primary"
          onClick={() => downloadText(CONFIG_FILE_NAME, configFileText(draft, presetName), 'application/json')}
        >
          Download config
        </button>
        <button type="button" onClick={() => input.current?.click()}>
          Load config…
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Config file to load"
          data-testid="config-file-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void load(f);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="share-error small">
          {error}
        </p>
      )}
      {status && (
        <p role="status" className="small">
          {status}
        </p>
      )}
      <p className="small muted">
        The CLI takes the same file: <code>npx loopscope eval runs/ --config {CONFIG_FILE_NAME}</code>
      </p>
    </section>
  );
}
