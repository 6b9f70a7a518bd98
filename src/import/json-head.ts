/**
 * Cheap structure tests for sniffing. Sniffers only see the first 64 KB of a file, which may
 * cut a JSON document anywhere, so instead of parsing we walk the characters once and record
 * which keys the first few levels of objects have (only the first element of each array).
 */

export interface JsonHead {
  root: 'object' | 'array' | 'none';
  /**
   * Keys by path: '' is the root object, '0' the first element of a root array,
   * 'messages.0' the first element of the root's `messages` array, and so on.
   */
  keys: Map<string, string[]>;
  /** Something other than whitespace follows the first root value: JSON Lines. */
  moreValues: boolean;
  /** The deepest nesting of objects and arrays seen (the root is 1). */
  deepest: number;
}

interface Frame {
  kind: 'o' | 'a';
  /** Null when this container is not tracked (too deep, or not a first array element). */
  path: string | null;
  index: number;
  expectKey: boolean;
  lastKey: string;
}

function join(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/** Walks `text` (possibly truncated) and records object keys down to `maxDepth` levels. */
export function scanJsonHead(text: string, maxDepth = 4): JsonHead {
  const head: JsonHead = { root: 'none', keys: new Map(), moreValues: false, deepest: 0 };
  const stack: Frame[] = [];
  let started = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) {
      i++;
      continue;
    }
    if (started && stack.length === 0) {
      head.moreValues = true;
      break;
    }
    const top = stack[stack.length - 1];
    if (c === 0x22 /* " */) {
      let j = i + 1;
      let s = '';
      while (j < n && text.charCodeAt(j) !== 0x22) {
        if (text.charCodeAt(j) === 0x5c /* \ */) {
          s += text.slice(j, j + 2);
          j += 2;
        } else s += text[j++];
      }
      if (top?.kind === 'o' && top.expectKey) {
        top.expectKey = false;
        top.lastKey = s;
        if (top.path !== null) {
          const list = head.keys.get(top.path) ?? [];
          list.push(s);
          head.keys.set(top.path, list);
        }
      }
      if (!started) started = true;
      i = j + 1;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      let path: string | null;
      if (!top) {
        path = '';
        head.root = c === 0x7b ? 'object' : 'array';
        started = true;
      } else if (top.path === null || stack.length >= maxDepth) path = null;
      else if (top.kind === 'o') path = join(top.path, top.lastKey);
      else path = top.index === 0 ? join(top.path, '0') : null;
      stack.push({ kind: c === 0x7b ? 'o' : 'a', path, index: 0, expectKey: c === 0x7b, lastKey: '' });
      if (stack.length > head.deepest) head.deepest = stack.length;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */ && top) {
      if (top.kind === 'o') top.expectKey = true;
      else top.index++;
    } else if (!started) {
      // A bare scalar at the top: not a JSON document we can use.
      started = true;
    }
    i++;
  }
  return head;
}

export function keysAt(head: JsonHead, path: string): string[] {
  return head.keys.get(path) ?? [];
}

export function hasKeys(head: JsonHead, path: string, ...keys: string[]): boolean {
  const have = head.keys.get(path);
  return have !== undefined && keys.every((k) => have.includes(k));
}

/** The first non-empty line of the head (the first record of a JSON Lines file). */
export function firstLine(head: string): string {
  for (const l of head.split('\n')) if (l.trim() !== '') return l;
  return '';
}

/** A regex for `"key": "value"` where value is a regex alternative, e.g. `tool_use|tool_result`. */
export function keyValue(key: string, value: string): RegExp {
  return new RegExp(`"${key}"\\s*:\\s*"(?:${value})"`);
}

/**
 * The string value of `key` in the root object of `text` (possibly cut off), or undefined: one
 * walk over the characters, so a nested `"type": "text"` written before the root's own "type"
 * (Claude Code writes `message` before `type`) is not taken for it.
 */
export function rootStringValue(text: string, key: string): string | undefined {
  let depth = 0;
  let expectKey = false;
  let lastKey: string | undefined;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      const s = text.slice(i + 1, j);
      if (depth === 1 && expectKey) {
        lastKey = s;
        expectKey = false;
      } else if (depth === 1 && lastKey === key) return s;
      i = j;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      expectKey = depth === 1 && c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      if (depth < 1) return undefined;
    } else if (c === 0x2c /* , */ && depth === 1) {
      expectKey = true;
      lastKey = undefined;
    }
  }
  return undefined;
}
