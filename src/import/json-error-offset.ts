/**
 * Where a JSON text first goes wrong, for the line and column of an error message. Node 20's
 * JSON.parse gives a position for some errors ("… at position 9") and only a quote of the text
 * around it for others ("Unexpected token ']', …"); this scan finds the offset itself. It runs only
 * after JSON.parse has failed, and walks the text once without recursion.
 */

const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** The offset of the first character that makes `text` invalid JSON; undefined when it is valid. */
export function jsonErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const stack: number[] = []; // 0x7b for an object, 0x5b for an array
  const skipWs = () => {
    while (i < n && isWs(text.charCodeAt(i))) i++;
  };
  /** At a '"': moves past the string; false (i at the bad character) when it is broken. */
  const string = (): boolean => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else if (e === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else return false;
      } else i++;
    }
    return false;
  };
  /** At a key's '"' (or where one should be): the key and its colon. */
  const key = (): boolean => {
    if (text.charCodeAt(i) !== 0x22 || !string()) return false;
    skipWs();
    if (text.charCodeAt(i) !== 0x3a) return false;
    i++;
    return true;
  };
  const scalar = (): boolean => {
    if (text.charCodeAt(i) === 0x22) return string();
    for (const lit of ['true', 'false', 'null'])
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return true;
      }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return false;
    i += m[0].length;
    return true;
  };

  let wantValue = true;
  for (;;) {
    skipWs();
    if (i >= n) return wantValue || stack.length > 0 ? n : undefined;
    const c = text.charCodeAt(i);
    if (wantValue) {
      if (c === 0x7b || c === 0x5b) {
        i++;
        skipWs();
        if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d))
          i++; // an empty container is a whole value
        else {
          stack.push(c);
          if (c === 0x7b && !key()) return i;
          continue;
        }
      } else if (!scalar()) return i;
      wantValue = false;
    } else if (stack.length === 0) {
      return i; // something after the one top-level value
    } else if (c === 0x2c) {
      i++;
      skipWs();
      if (stack[stack.length - 1] === 0x7b && !key()) return i;
      wantValue = true;
    } else if (c === (stack[stack.length - 1] === 0x7b ? 0x7d : 0x5d)) {
      i++;
      stack.pop();
    } else return i;
  }
}
