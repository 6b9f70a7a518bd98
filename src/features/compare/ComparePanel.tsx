/** Placeholder: being built. */
export function ComparePanel() {
  return <p className="muted">Coming soon.</p>;
}
