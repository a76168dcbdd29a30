import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account gets a cookie naming that account, a random nonce and an HMAC of both. With it, that browser is a
 * trusted client of that account: the account-wide lockout (failures from any address) does not apply to it,
 * only a limit of its own keyed by the nonce. So guesses spread over many addresses lock out the unknown clients,
 * never the owner's devices.
 */

export const DEVICE_COOKIE = 'nsdevice';
/** Only the auth routes read it (login; registration sets it as a sign-in). */
export const DEVICE_COOKIE_PATH = '/api/auth';
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3_600_000;
/** A longer value is not one of ours (a 254-character e-mail in base64url is ~340). */
const MAX_VALUE_LENGTH = 512;

export interface DeviceCookie {
  /** The account's e-mail, as it signed in. */
  email: string;
  nonce: string;
}

/** The cookies' HMAC key, derived from the token secret (its own purpose, so neither can stand for the other). */
export function deviceCookieKeyFrom(secret: string): string {
  return createHmac('sha256', secret).update('nomadswap device cookies').digest('base64url');
}

const mac = (key: string, login: string, nonce: string) =>
  createHmac('sha256', key).update(`${login}.${nonce}`).digest('base64url');

/** A new device cookie's value for `email`: `base64url(email).nonce.hmac`. */
export function signDeviceCookie(key: string, email: string): string {
  const login = Buffer.from(email).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  return `${login}.${nonce}.${mac(key, login, nonce)}`;
}

/** The cookie's account and nonce when its signature is ours, else null (forged, altered, malformed). */
export function verifyDeviceCookie(key: string, value: string | undefined): DeviceCookie | null {
  if (!value || value.length > MAX_VALUE_LENGTH) return null;
  const [login, nonce, signature, ...rest] = value.split('.');
  if (!login || !nonce || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, login, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { email: Buffer.from(login, 'base64url').toString(), nonce };
}

/** The device cookie's raw value in a Cookie header, if any. */
export function deviceCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}
