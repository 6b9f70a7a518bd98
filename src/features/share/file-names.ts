/** File names for downloads, from a transcript title: lower case, safe on every file system. */
export function slug(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'transcript';
}

export function transcriptFileName(title: string): string {
  return `${slug(title)}.loop.jsonl`;
}

export function reportFileName(title: string): string {
  return `${slug(title)}-report.md`;
}
