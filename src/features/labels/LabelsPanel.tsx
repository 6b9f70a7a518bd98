/** Placeholder: being built. */
export function LabelsPanel() {
  return <p className="muted">Coming soon.</p>;
}
