import { describe, expect, it } from 'vitest';
import { reportFileName, slug, transcriptFileName } from './file-names';

describe('download file names', () => {
  it('slugs the title', () => {
    expect(transcriptFileName('Stuck listing a missing folder')).toBe('stuck-listing-a-missing-folder.loop.jsonl');
    expect(reportFileName('Édit & test: oscillation!')).toBe('edit-test-oscillation-report.md');
    expect(slug('   ')).toBe('transcript');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
    expect(slug('a'.repeat(59) + ' bcd')).toBe('a'.repeat(59));
  });
});
