/**
 * docs/architecture.md draws the import lifecycle: its diagram must name exactly the states and
 * events of import-lifecycle.ts, and draw exactly the moves nextImportState makes, so the drawing
 * cannot go stale.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_EVENTS, IMPORT_STATES, nextImportState, type ImportStateKind } from './import-lifecycle';
import { EVENT, STATE } from './import-lifecycle.test-util';

const DOC = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

/** The mermaid block of the section "The import lifecycle". */
function diagram(doc: string): string {
  const section = doc.split(/^## /m).find((s) => s.startsWith('The import lifecycle\n'));
  const block = section?.match(/```mermaid\n([\s\S]*?)```/);
  if (!block) throw new Error('docs/architecture.md has no mermaid diagram under "## The import lifecycle"');
  return block[1];
}

/** `from --> to: event` lines (the start and end markers, `[*]`, left out). */
function edges(text: string): { from: string; to: string; event: string }[] {
  return [...text.matchAll(/^\s*(\w+) --> (\w+): (\w+)/gm)].map(([, from, to, event]) => ({ from, to, event }));
}

/** `from --> to: event` for every move nextImportState makes from the sample states. */
function moves(): string[] {
  const out = new Set<string>();
  for (const from of IMPORT_STATES)
    for (const e of Object.values(EVENT)) {
      const to = nextImportState(STATE[from], e).kind;
      if (to !== from) out.add(`${from} --> ${to}: ${e.type}`);
    }
  return [...out].sort();
}

describe('the import lifecycle in docs/architecture.md', () => {
  const drawn = edges(diagram(DOC));

  it('names every state and every event of the union, and nothing else', () => {
    const states = new Set(drawn.flatMap((e) => [e.from, e.to]));
    const starts = [...diagram(DOC).matchAll(/\[\*\] --> (\w+)|(\w+) --> \[\*\]/g)].map((m) => m[1] ?? m[2]);
    expect([...new Set([...states, ...starts])].sort()).toEqual([...IMPORT_STATES].sort());
    expect([...new Set(drawn.map((e) => e.event))].sort()).toEqual([...IMPORT_EVENTS].sort());
  });

  it('draws exactly the moves nextImportState makes', () => {
    expect([...new Set(drawn.map((e) => `${e.from} --> ${e.to}: ${e.event}`))].sort()).toEqual(moves());
  });

  it('starts at reading and ends at the four settled states', () => {
    const text = diagram(DOC);
    expect([...text.matchAll(/\[\*\] --> (\w+)/g)].map((m) => m[1])).toEqual(['reading']);
    const ends: ImportStateKind[] = ['stored', 'failed', 'cancelled', 'interrupted'];
    expect([...text.matchAll(/(\w+) --> \[\*\]/g)].map((m) => m[1])).toEqual(ends);
  });
});
