import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  DEVICE_COOKIE_PATH,
  deviceCookieKeyFrom,
  deviceCookieOf,
  signDeviceCookie,
  verifyDeviceCookie,
} from './sign-device-cookie';

/**
 * Device cookies without stores (issue 21: each mutant judged in milliseconds; the login route tests use them
 * through the app). The format is the documented one, `base64url(email).nonce.hmac`, so a test can forge one.
 */
// Made in each test, never when the file loads: a mutant that throws there would stop the file, not fail a test.
const key = () => deviceCookieKeyFrom('token secret');
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const forge = (key: string, login: string, nonce: string) =>
  `${login}.${nonce}.${createHmac('sha256', key).update(`${login}.${nonce}`).digest('base64url')}`;

describe('the cookies’ key', () => {
  it('is derived from the token secret for this purpose only, and stays the same across restarts', () => {
    // Written out: a changed derivation would make every browser's device cookie unknown after a deploy.
    expect(deviceCookieKeyFrom('token secret')).toBe('_2V7DsdXVy8ZNADVncn8k-V1KCoqZ5z0Owmf4GO53LQ');
    expect(deviceCookieKeyFrom('another secret')).not.toBe(key());
  });
});

describe('signDeviceCookie and verifyDeviceCookie', () => {
  it('a signed cookie names the account and a fresh 128-bit nonce', () => {
    const value = signDeviceCookie(key(), 'ana@example.com');
    const [login, nonce, signature] = value.split('.');
    expect(login).toBe(b64('ana@example.com'));
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(verifyDeviceCookie(key(), value)).toEqual({ email: 'ana@example.com', nonce });
    expect(signDeviceCookie(key(), 'ana@example.com').split('.')[1]).not.toBe(nonce);
  });

  it('a cookie signed with another key, altered or malformed is not ours', () => {
    const value = signDeviceCookie(key(), 'ana@example.com');
    const [login, nonce, signature] = value.split('.') as [string, string, string];
    const other = deviceCookieKeyFrom('other');
    for (const bad of [
      undefined,
      '',
      signDeviceCookie(other, 'ana@example.com'),
      `${b64('bo@example.com')}.${nonce}.${signature}`,
      `${login}.${nonce}x.${signature}`,
      `${login}.${nonce}.${signature.slice(0, -1)}`,
      `${login}.${nonce}.${signature}A`,
      `${login}.${nonce}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${value}.extra`,
      `.${nonce}.${signature}`,
      `${login}..${signature}`,
      `${login}.${nonce}.`,
      `${login}.${nonce}`,
      // Well signed, but without an account or a nonce.
      forge(key(), '', nonce),
      forge(key(), login, ''),
    ]) {
      expect(verifyDeviceCookie(key(), bad), String(bad)).toBeNull();
    }
  });

  it('a value of up to 512 characters is read; a longer one is not', () => {
    const login = b64('ana@example.com');
    const at = forge(key(), login, 'n'.repeat(512 - login.length - 2 - 43));
    expect(at).toHaveLength(512);
    expect(verifyDeviceCookie(key(), at)?.email).toBe('ana@example.com');
    const past = forge(key(), login, 'n'.repeat(513 - login.length - 2 - 43));
    expect(past).toHaveLength(513);
    expect(verifyDeviceCookie(key(), past)).toBeNull();
  });
});

describe('deviceCookieOf', () => {
  it('finds the device cookie among the others, keeping "=" in its value', () => {
    expect(deviceCookieOf(`a=1; ${DEVICE_COOKIE}=x.y=; b=2`)).toBe('x.y=');
    expect(deviceCookieOf(`${DEVICE_COOKIE}=v`)).toBe('v');
    expect(deviceCookieOf(`a=1;${DEVICE_COOKIE}=w `)).toBe('w');
  });

  it('is undefined without one', () => {
    expect(deviceCookieOf(undefined)).toBeUndefined();
    expect(deviceCookieOf('')).toBeUndefined();
    expect(deviceCookieOf(`${DEVICE_COOKIE}x=1; x${DEVICE_COOKIE}=2`)).toBeUndefined();
  });
});

it('the cookie is nsdevice, on the auth routes only, for 180 days', () => {
  expect([DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_MAX_AGE_MS]).toEqual([
    'nsdevice',
    '/api/auth',
    180 * 86_400_000,
  ]);
});
