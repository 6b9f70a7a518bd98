import { JUDGE_LIMITS } from '../../model/limits';
import { useJudgeStore } from './judge-store';
import { judgePolicyFellBack } from './judge-csp-guard';
import { baseUrlProblem, cspAllows } from './judge-settings';

/** Base URL, the two models, the key and the timeout. Nothing here sends anything. */
export function EndpointForm() {
  const s = useJudgeStore((x) => x.settings);
  const apiKey = useJudgeStore((x) => x.apiKey);
  const setSettings = useJudgeStore((x) => x.setSettings);
  const setApiKey = useJudgeStore((x) => x.setApiKey);
  const problem = s.baseUrl ? baseUrlProblem(s.baseUrl) : null;
  const needsReload = !problem && s.baseUrl.trim() !== '' && !cspAllows(s.baseUrl);
  return (
    <fieldset className="judge-section judge-endpoint">
      <legend>Endpoint (OpenAI-compatible)</legend>
      <label>
        Base URL
        <input
          type="url"
          value={s.baseUrl}
          placeholder="http://127.0.0.1:11434/v1"
          spellCheck={false}
          onChange={(e) => setSettings({ baseUrl: e.target.value })}
        />
      </label>
      {problem && <p className="judge-problem small">{problem}</p>}
      {needsReload && <PolicyNote origin={new URL(s.baseUrl.trim()).origin} />}
      <label>
        First model
        <input
          value={s.flashModel}
          placeholder="llama3.1:8b"
          spellCheck={false}
          onChange={(e) => setSettings({ flashModel: e.target.value })}
        />
      </label>
      <label>
        Double-check model <span className="muted small">(optional; asked when the first answers ≥ threshold)</span>
        <input
          value={s.proModel}
          placeholder="qwen2.5:32b"
          spellCheck={false}
          onChange={(e) => setSettings({ proModel: e.target.value })}
        />
      </label>
      <label>
        API key <span className="muted small">(optional; kept in memory for this visit)</span>
        <input type="password" value={apiKey} autoComplete="off" onChange={(e) => setApiKey(e.target.value)} />
      </label>
      <label className="judge-check">
        <input
          type="checkbox"
          checked={s.rememberKey}
          onChange={(e) => setSettings({ rememberKey: e.target.checked })}
        />
        Remember the key in this browser (stored unencrypted in localStorage)
      </label>
      <label>
        Timeout per request (seconds)
        <input
          type="number"
          min={JUDGE_LIMITS.timeout.min}
          max={JUDGE_LIMITS.timeout.max}
          value={s.timeoutSeconds}
          onChange={(e) => {
            const v = Number(e.target.value);
            if (Number.isFinite(v) && v >= JUDGE_LIMITS.timeout.min)
              setSettings({ timeoutSeconds: Math.min(JUDGE_LIMITS.timeout.max, v) });
          }}
        />
      </label>
      <label className="judge-check">
        <input
          type="checkbox"
          checked={s.stopAtTerminate}
          onChange={(e) => setSettings({ stopAtTerminate: e.target.checked })}
        />
        Stop asking once the judge stops the run (its action is terminate)
      </label>
    </fieldset>
  );
}

/** Why a remote origin cannot be reached yet: a reload adds it, unless the policy script did not load. */
function PolicyNote({ origin }: { origin: string }) {
  if (judgePolicyFellBack())
    return (
      <p className="judge-problem small" role="status">
        This page allows no remote endpoint: its policy script (judge-csp.js) did not load, so only servers on 127.0.0.1
        or localhost can be reached.
      </p>
    );
  return (
    <p className="judge-problem small" role="status">
      This page may only contact {origin} after a reload: its security policy is fixed when it loads.{' '}
      <button type="button" onClick={() => location.reload()}>
        Reload now
      </button>
    </p>
  );
}
