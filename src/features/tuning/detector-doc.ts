/**
 * A detector's section of docs/detectors.md: what it does, where its rules come from and every
 * reading of an ambiguous rule. The Tune panel shows it on request, so the words on a detector
 * (its origin, its parameters) can be looked up without leaving the page.
 */

/** The section whose heading starts with the detector's id in backticks, up to the next heading of its level. */
export function detectorSection(doc: string, id: string): string | null {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## \`${id}\``));
  if (start === -1) return null;
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith('## ')) end++;
  return lines.slice(start, end).join('\n').trim();
}

/** The docs' text, loaded once on first use (a separate chunk: it is read only on request). */
export function loadDetectorDocs(): Promise<string> {
  return import('../../../docs/detectors.md?raw').then((m) => m.default);
}
