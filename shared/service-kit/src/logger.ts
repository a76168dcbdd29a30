import pino, { type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Secrets that must never reach a log line, wherever a request, body or error puts them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'password',
  'token',
  'secret',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.authorization',
  // A position ("Use Current Location"): the request's URL is redacted by redactLoggedUrl, its parsed query here.
  'req.query.lat',
  'req.query.lon',
];

const MAX_DEPTH = 4;

/** Query parameters that carry a person's position (`/api/places/nearest?lat=&lon=`): never logged. */
const POSITION_PARAM = /([?&](?:lat|lon)=)[^&#]*/g;

/**
 * The URL as it may be logged: a position in its query (`lat=`, `lon=`) is replaced by `[redacted]`, so "Use
 * Current Location" leaves no trace of where someone stands in any access or error log. On every request, so
 * a URL without a query returns at once.
 */
export function redactLoggedUrl(url: string): string {
  if (!url.includes('?') || !(url.includes('lat=') || url.includes('lon='))) return url;
  return url.replace(POSITION_PARAM, '$1[redacted]');
}

/** Replaces image data URLs (avatars, item photos) by a short marker: they are huge and personal. */
function scrubDataUrls(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.startsWith('data:') ? `[data URL, ${value.length} chars]` : value;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => scrubDataUrls(entry, depth + 1));
  // Only plain objects: requests, responses and errors are left to pino's serializers.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = scrubDataUrls(entry, depth + 1);
  return out;
}

/**
 * A JSON pino logger named after the service. Authorization headers, cookies, passwords, tokens and secrets
 * are redacted; data URLs anywhere in a log object (up to four levels deep) are replaced by their length.
 * `destination` is for tests; by default logs go to stdout.
 */
export function createLogger(
  name: string,
  level: LevelWithSilent | Level = 'info',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { log: (object) => scrubDataUrls(object, 0) as Record<string, unknown> },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
