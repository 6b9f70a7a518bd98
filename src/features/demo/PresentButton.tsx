import { useAppStore } from '../../state/store';

/** The workbench's way into presenter mode (Escape leaves it). */
export function PresentButton() {
  const setPresenting = useAppStore((s) => s.setPresenting);
  return (
    <button
      type="button"
      className="present-button"
      title="Play this run full screen in large type, stopping at each alarm (Esc leaves)"
      onClick={() => setPresenting(true)}
    >
      ▶ Present
    </button>
  );
}
