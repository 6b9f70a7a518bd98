import { useState } from 'react';
import { useAppStore } from '../../state/store';
import { enabledSettings, standaloneTs } from '../../export/standalone-module';
import { notPorted, pythonModule } from '../../export/python-module';
import { exportedConfig } from './export-name';
import { pyModuleFileName, tsModuleFileName } from './export-files';
import { downloadText } from './download';

/**
 * Code that runs the config's enabled detectors, as tuned, inside the user's own agent: the
 * engine's code bundled into one TypeScript module (no imports), and the Python port.
 */
export function ExportCodeSection() {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const [error, setError] = useState<string | null>(null);
  const config = exportedConfig(draft, presetName);
  const name = config.name!;
  const enabled = enabledSettings(config).map((e) => e.id);
  const missingPy = notPorted(config);
  const judge = enabled.includes('llm-judge');

  const downloadTs = async () => {
    try {
      // Lazily: the bundled engine pieces are ~180 kB of text.
      const pieces = (await import('virtual:loopscope-standalone')).default;
      downloadText(tsModuleFileName(name), standaloneTs(config, pieces).text, 'text/plain');
      setError(null);
    } catch (e) {
      setError(`The TypeScript module could not be made: ${(e as Error).message}.`);
    }
  };

  return (
    <section className="share-section" aria-labelledby="share-code">
      <h3 id="share-code">Code for your agent</h3>
      <p className="small">
        {enabled.length === 0
          ? 'No detector is on in this config: the modules would never fire.'
          : `The ${enabled.length === 1 ? 'detector' : `${enabled.length} detectors`} of “${name}” as tuned: ${enabled.join(', ')}.`}
      </p>
      <div className="share-buttons">
        <button type="button" className="primary" onClick={() => void downloadTs()}>
          Download TypeScript module
        </button>
        <button
          type="button"
          disabled={missingPy.length > 0}
          aria-describedby={missingPy.length ? 'share-code-py-missing' : undefined}
          onClick={() => downloadText(pyModuleFileName(name), pythonModule(config), 'text/x-python')}
        >
          Download Python module
        </button>
      </div>
      {missingPy.length > 0 && (
        <p id="share-code-py-missing" className="small muted">
          Python: {missingPy.join(', ')} {missingPy.length === 1 ? 'is' : 'are'} not ported yet; the TypeScript module
          runs {missingPy.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      {error && (
        <p role="alert" className="share-error small">
          {error}
        </p>
      )}
      <p className="small muted" data-export-usage>
        Both export <code>replay(turns)</code>: give it a run’s assistant lines (Loopscope JSONL objects, in order) and
        it returns{' '}
        <code>
          [{'{'}turn, call?, detector, action, level{'}'}]
        </code>
        , the events of <code>loopscope detect --json</code> under this config. Call it after each turn; stop the agent
        at the first “terminate”. The TypeScript module is the engine’s own code, with no imports.
      </p>
      {judge && (
        <p className="small muted">
          llm-judge replays recorded judge answers: pass the run’s judge lines with its turns. The modules never call a
          model.
        </p>
      )}
    </section>
  );
}
