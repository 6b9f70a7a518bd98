/** Placeholder: being built. */
export function ChartsPanel() {
  return <p className="muted">Coming soon.</p>;
}
