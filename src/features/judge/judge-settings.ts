/**
 * The judge endpoint settings, kept in localStorage (public/judge-csp.js reads the base URL from
 * there before the app starts, to let the page's security policy allow that one origin). The
 * API key stays in memory unless the user ticks "remember": then it is stored beside them.
 */
import { JUDGE_LIMITS } from '../../model/limits';

export interface JudgeSettings {
  baseUrl: string;
  flashModel: string;
  /** Empty: no double-check; a confident first model is trusted. */
  proModel: string;
  timeoutSeconds: number;
  rememberKey: boolean;
  stopAtTerminate: boolean;
}

/** Also read by public/judge-csp.js: keep the two in step. */
export const SETTINGS_KEY = 'loopscope.judge.endpoint';
export const KEY_KEY = 'loopscope.judge.key';

export const DEFAULT_SETTINGS: JudgeSettings = {
  baseUrl: '',
  flashModel: '',
  proModel: '',
  timeoutSeconds: 120,
  rememberKey: false,
  stopAtTerminate: true,
};

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export function loadSettings(): JudgeSettings {
  try {
    const raw = JSON.parse(storage()?.getItem(SETTINGS_KEY) ?? 'null') as Partial<JudgeSettings> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_SETTINGS;
    const s = { ...DEFAULT_SETTINGS };
    for (const k of ['baseUrl', 'flashModel', 'proModel'] as const) if (typeof raw[k] === 'string') s[k] = raw[k];
    const { min, max } = JUDGE_LIMITS.timeout;
    // A stored 1e308 would make every request time out at once (timers overflow): the default instead.
    if (typeof raw.timeoutSeconds === 'number' && raw.timeoutSeconds >= min && raw.timeoutSeconds <= max)
      s.timeoutSeconds = raw.timeoutSeconds;
    if (typeof raw.rememberKey === 'boolean') s.rememberKey = raw.rememberKey;
    if (typeof raw.stopAtTerminate === 'boolean') s.stopAtTerminate = raw.stopAtTerminate;
    return s;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(s: JudgeSettings): void {
  storage()?.setItem(SETTINGS_KEY, JSON.stringify(s));
}

export function loadStoredKey(): string {
  return storage()?.getItem(KEY_KEY) ?? '';
}

/** Stores the key only when asked to; otherwise removes any stored one. */
export function storeKey(key: string, remember: boolean): void {
  if (remember && key) storage()?.setItem(KEY_KEY, key);
  else storage()?.removeItem(KEY_KEY);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopback(u: URL): boolean {
  return LOOPBACK.has(u.hostname.toLowerCase());
}

/** Why a base URL cannot be used, or null. Remote endpoints must be https (a key never travels in clear). */
export function baseUrlProblem(baseUrl: string): string | null {
  if (!baseUrl.trim()) return 'Enter the base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1';
  let u: URL;
  try {
    u = new URL(baseUrl.trim());
  } catch {
    return 'Not a URL. Example: http://127.0.0.1:11434/v1';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'The base URL must start with http:// or https://';
  if (u.username || u.password) return 'Put the key in the API key field, not in the URL';
  if (u.hostname === '[::1]') return 'Use 127.0.0.1 or localhost for a server on this machine';
  if (!isLoopback(u) && u.protocol !== 'https:') return 'A server on another machine must use https://';
  return null;
}

/**
 * Whether the page's security policy (set when it loaded) lets it reach this base URL: loopback
 * always; another origin only when public/judge-csp.js put it in the policy at load.
 */
export function cspAllows(baseUrl: string, doc: Document = document): boolean {
  let u: URL;
  try {
    u = new URL(baseUrl.trim());
  } catch {
    return false;
  }
  if (isLoopback(u) && u.hostname !== '[::1]') return true;
  const meta = doc.getElementById('judge-csp');
  const content = meta?.getAttribute('content') ?? '';
  return content.split(/\s+/).includes(u.origin);
}
