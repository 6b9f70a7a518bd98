import { DEFAULT_RADIUS, WINDOW_RADII } from './fingerprint-scope';

const KEY = 'loopscope.charts.fpRadius';

/** The scope the user chose last (0: the whole run). */
export function readRadius(): number {
  try {
    const raw = localStorage.getItem(KEY);
    const v = Number(raw);
    return raw !== null && (v === 0 || (WINDOW_RADII as readonly number[]).includes(v)) ? v : DEFAULT_RADIUS;
  } catch {
    return DEFAULT_RADIUS;
  }
}

/** The fingerprint chart's scope: a window of turns around the cursor, or the whole run. */
export function FingerprintScope({ radius, onChange }: { radius: number; onChange(r: number): void }) {
  const pick = (r: number) => {
    onChange(r);
    try {
      localStorage.setItem(KEY, String(r));
    } catch {
      // storage unavailable: the choice holds for this visit
    }
  };
  return (
    <div className="fp-scope small" role="group" aria-label="Count fingerprints over">
      <span className="muted">Count over turns</span>
      {WINDOW_RADII.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={radius === r}
          aria-label={`±${r} turns`}
          onClick={() => pick(r)}
          title={`The turns from the cursor − ${r} to the cursor + ${r}`}
        >
          ±{r}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={radius === 0}
        onClick={() => pick(0)}
        title="The run's most frequent fingerprints, counted up to the cursor"
      >
        Whole run
      </button>
    </div>
  );
}
