import { EndpointForm } from './EndpointForm';
import { JudgeRunSection } from './JudgeRunSection';
import './judge.css';

/** The Judge tab: what a run sends and the explicit action that sends it, then the endpoint. */
export function JudgePanel() {
  return (
    <div className="judge-panel">
      <p className="small muted">
        Asks a model you run (or any OpenAI-compatible API) the LLM check&apos;s question on this run&apos;s schedule.
        Nothing is sent until you press the button below; answers are cached in this browser. See docs/judge.md.
      </p>
      {/* The action and its result first: once configured, the endpoint rarely changes. */}
      <JudgeRunSection />
      <EndpointForm />
    </div>
  );
}
