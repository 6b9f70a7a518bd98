/**
 * The corpus label files (corpus/labels.tsv, corpus/authored/labels.tsv): one row per loop span
 * or per clean run, tab-separated, `#` comment lines, a header row. Labels live here and not in
 * the transcripts, so the real files stay byte for byte what their authors committed.
 */

export const LABEL_COLUMNS = ['source', 'transcript', 'startTurn', 'endTurn', 'kind', 'note'] as const;

export interface LabelRow {
  /** Path from the repository root, e.g. `corpus/real/swe-agent/...traj`. */
  source: string;
  /** 1-based index of the transcript within the file, or its exact title. */
  transcript: string;
  /** Present for `loop` rows only (inclusive, assistant turns counted from 1). */
  startTurn?: number;
  endTurn?: number;
  kind: 'loop' | 'clean';
  note: string;
  /** Line of the labels file (1-based), for messages. */
  line?: number;
}

export class LabelsError extends Error {}

function turnNumber(v: string, what: string, where: string): number {
  if (!/^[1-9]\d*$/.test(v)) throw new LabelsError(`${where}: ${what} must be a turn number (1, 2, …), got "${v}"`);
  return Number(v);
}

export function parseLabelsTsv(text: string, file: string): LabelRow[] {
  const rows: LabelRow[] = [];
  let header = false;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const where = `${file}:${i + 1}`;
    if (line.trim() === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    if (!header) {
      if (cells.join('\t') !== LABEL_COLUMNS.join('\t'))
        throw new LabelsError(`${where}: the header must be the columns ${LABEL_COLUMNS.join(', ')} (tab-separated)`);
      header = true;
      return;
    }
    if (cells.length !== LABEL_COLUMNS.length)
      throw new LabelsError(`${where}: ${cells.length} columns, expected ${LABEL_COLUMNS.length} (tab-separated)`);
    const [source, transcript, start, end, kind, note] = cells;
    if (source === '' || transcript === '') throw new LabelsError(`${where}: source and transcript must not be empty`);
    if (kind === 'clean') {
      if (start !== '' || end !== '') throw new LabelsError(`${where}: a clean row has no startTurn or endTurn`);
      rows.push({ source, transcript, kind, note, line: i + 1 });
      return;
    }
    if (kind !== 'loop') throw new LabelsError(`${where}: kind must be loop or clean, got "${kind}"`);
    const startTurn = turnNumber(start, 'startTurn', where);
    const endTurn = turnNumber(end, 'endTurn', where);
    if (endTurn < startTurn) throw new LabelsError(`${where}: endTurn ${endTurn} is before startTurn ${startTurn}`);
    if (note.trim() === '') throw new LabelsError(`${where}: a loop row needs a note (what repeats)`);
    rows.push({ source, transcript, startTurn, endTurn, kind, note, line: i + 1 });
  });
  if (!header) throw new LabelsError(`${file}: no header row (${LABEL_COLUMNS.join(', ')})`);
  return rows;
}

export function formatLabelsTsv(rows: LabelRow[], comment?: string): string {
  const clean = (s: string) => s.replace(/[\t\n]/g, ' ');
  const lines = rows.map((r) =>
    [r.source, r.transcript, r.startTurn ?? '', r.endTurn ?? '', r.kind, clean(r.note)].join('\t'),
  );
  return (comment ? `# ${comment}\n` : '') + [LABEL_COLUMNS.join('\t'), ...lines].join('\n') + '\n';
}
