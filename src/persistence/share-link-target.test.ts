import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { decodeConfig, encodeConfig, shareHash } from './share-link';
import { LINK_TITLE_MAX, linkTitle, parseShareLink, runLinkHash } from './share-link-target';

const CONFIG: EngineConfig = {
  name: 'tight',
  basedOn: 'crustly',
  detectors: { 'consecutive-repeat': { bufferSize: 9 } },
};
const HASH = '0123456789abcdef-4096';

describe('share link target', () => {
  it('names a run by content hash, position and title, and reads it back with its turn and config', () => {
    const hash = runLinkHash({ hash: HASH, position: 2, title: 'jackson-databind-4186' }, 22, CONFIG);
    expect(hash).toBe(`#/run/${HASH}/2/turn/22?title=jackson-databind-4186&config=${encodeConfig(CONFIG)}`);
    const parsed = parseShareLink(hash)!;
    expect(parsed.target).toEqual({ kind: 'run', hash: HASH, position: 2, title: 'jackson-databind-4186', turn: 22 });
    expect(decodeConfig(parsed.payload!)).toEqual(CONFIG);
  });

  it('carries a title with spaces, quotes, HTML and non-Latin text unchanged', () => {
    const title = 'Fix <b>“the” bug</b> & more: 修正 ✓ a+b=c?';
    const parsed = parseShareLink(runLinkHash({ hash: HASH, position: 1, title }, 3, CONFIG))!;
    expect(parsed.target).toMatchObject({ kind: 'run', title });
  });

  it('leaves the position out when the sender did not know it', () => {
    const hash = runLinkHash({ hash: HASH, title: 'T' }, 5, CONFIG);
    expect(hash.startsWith(`#/run/${HASH}/turn/5?`)).toBe(true);
    expect(parseShareLink(hash)!.target).toEqual({ kind: 'run', hash: HASH, title: 'T', turn: 5 });
  });

  it('reads an older link by library number, and a config alone', () => {
    const old = shareHash(7, 12, CONFIG);
    expect(parseShareLink(old)).toEqual({
      target: { kind: 'library-number', id: 7, turn: 12 },
      payload: encodeConfig(CONFIG),
    });
    expect(parseShareLink('#/t/7?config=abc')).toEqual({
      target: { kind: 'library-number', id: 7, turn: 1 },
      payload: 'abc',
    });
    expect(parseShareLink('#/?config=abc')).toEqual({ target: { kind: 'config-only' }, payload: 'abc' });
    expect(parseShareLink('?config=abc')).toEqual({ target: { kind: 'config-only' }, payload: 'abc' });
  });

  it('is no share link without a config or a run: the app’s own navigation', () => {
    expect(parseShareLink('#/t/7/turn/3')).toBeNull();
    expect(parseShareLink('#/')).toBeNull();
    expect(parseShareLink('')).toBeNull();
  });

  it('says what is damaged in a run link, without repeating what the link holds', () => {
    const damaged = (hash: string) => parseShareLink(hash)!.target;
    expect(damaged('#/run/<img src=x>/1/turn/2?config=a')).toEqual({
      kind: 'damaged',
      reason: 'its run’s content hash is not 16 hex digits, a dash and a byte length',
    });
    expect(damaged('#/run')).toMatchObject({ kind: 'damaged' });
    expect(damaged(`#/run/${HASH.toUpperCase()}/1/turn/2`)).toMatchObject({ kind: 'damaged' });
    expect(damaged(`#/run/${HASH}/0/turn/2`)).toEqual({
      kind: 'damaged',
      reason: 'its run’s position in the file is not a whole number from 1',
    });
    expect(damaged(`#/run/${HASH}/-1/turn/2`)).toMatchObject({ kind: 'damaged' });
    expect(damaged(`#/run/${HASH}/1/turn/2e9`)).toEqual({ kind: 'damaged', reason: 'its turn is not a whole number' });
    expect(damaged(`#/run/${HASH}/1/turn/${'9'.repeat(400)}`)).toMatchObject({ kind: 'damaged' });
    expect(damaged(`#/run/${HASH}/1/step/2`)).toMatchObject({ kind: 'damaged' });
    expect(damaged(`#/run/${HASH}/1/turn/2/extra`)).toMatchObject({ kind: 'damaged' });
  });

  it('opens a run link without a turn at turn 1, and a turn 0 at turn 1', () => {
    expect(parseShareLink(`#/run/${HASH}/1`)!.target).toEqual({
      kind: 'run',
      hash: HASH,
      position: 1,
      title: '',
      turn: 1,
    });
    expect(parseShareLink(`#/run/${HASH}/1/turn/0`)!.target).toMatchObject({ turn: 1 });
  });

  it('cleans a hostile title: control, bidi and zero-width characters become spaces, the length is clipped', () => {
    expect(linkTitle('a\u202Egnp.exe\u0000b\u200Bc\nd\te')).toBe('a gnp.exe b c d e');
    const long = 'x'.repeat(100_000);
    const clipped = linkTitle(long);
    expect(Array.from(clipped)).toHaveLength(LINK_TITLE_MAX);
    expect(clipped.endsWith('x…')).toBe(true);
    // Clipped by characters: an emoji is not cut in half.
    const emoji = linkTitle('😀'.repeat(500));
    expect(emoji).toBe(`${'😀'.repeat(LINK_TITLE_MAX - 1)}…`);
    // What the receiver reads is cleaned the same way, whatever the sender wrote.
    const raw = `#/run/${HASH}/1/turn/2?title=${encodeURIComponent(`<script>\u202E${'y'.repeat(5000)}`)}`;
    const title = (parseShareLink(raw)!.target as { title: string }).title;
    expect(title.startsWith('<script> yyy')).toBe(true);
    expect(Array.from(title)).toHaveLength(LINK_TITLE_MAX);
  });
});
