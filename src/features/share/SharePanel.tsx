/** Placeholder: being built. */
export function SharePanel() {
  return <p className="muted">Coming soon.</p>;
}
