/** Placeholder: being built. */
export function TunePanel() {
  return <p className="muted">Coming soon.</p>;
}
