import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@nomadswap/contracts/early-paint';
import {
  RENDER_SESSION_COOKIE,
  RENDER_SESSION_PATHS,
  RENDER_ZONE_COOKIE,
} from '@nomadswap/contracts/render-session';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token';
import { rememberRenderZone, writeRenderSessionCookie } from './render-session-cookie';

/** Every cookie write, as the browser was asked (jsdom's document.cookie keeps only the page's path's). */
function recordCookieWrites() {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return { writes, restore: () => delete (document as { cookie?: string }).cookie };
}

describe('the render cookie follows the stored token', () => {
  let recorder: ReturnType<typeof recordCookieWrites> | undefined;
  afterEach(() => {
    recorder?.restore();
    window.localStorage.clear();
  });

  it("is written on each signed-in page path with the token and the browser's time zone, and removed with it", async () => {
    const { writes } = (recorder = recordCookieWrites());
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    setAuthToken('a.b-c_d');
    expect(getAuthToken()).toBe('a.b-c_d');
    // Its module loads on demand (a visitor's page never downloads it): the cookie follows a moment later.
    await vi.waitFor(() =>
      expect(writes).toEqual([
        ...RENDER_SESSION_PATHS.map(
          (path) => `${RENDER_SESSION_COOKIE}=a.b-c_d; Path=${path}; Max-Age=2592000; SameSite=Lax`,
        ),
        ...RENDER_SESSION_PATHS.map(
          (path) => `${RENDER_ZONE_COOKIE}=${zone}; Path=${path}; Max-Age=2592000; SameSite=Lax`,
        ),
      ]),
    );
    writes.length = 0;
    clearAuthToken();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    await vi.waitFor(() =>
      expect(writes).toEqual(
        [RENDER_SESSION_COOKIE, RENDER_ZONE_COOKIE].flatMap((name) =>
          RENDER_SESSION_PATHS.map((path) => `${name}=; Path=${path}; Max-Age=0; SameSite=Lax`),
        ),
      ),
    );
  });

  /** The zone cookie rememberRenderZone writes where Intl says Asia/Kolkata and Temporal `temporal` (none: null). */
  function zoneWritten(temporal: string | null): string[] {
    const { writes } = (recorder = recordCookieWrites());
    if (temporal !== null) vi.stubGlobal('Temporal', { Now: { timeZoneId: () => temporal } });
    const resolved = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ timeZone: 'Asia/Kolkata' } as Intl.ResolvedDateTimeFormatOptions);
    try {
      rememberRenderZone();
    } finally {
      resolved.mockRestore();
      vi.unstubAllGlobals();
    }
    return writes;
  }
  const zoneCookies = (zone: string) =>
    RENDER_SESSION_PATHS.map(
      (path) =>
        `${RENDER_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=${path}; Max-Age=2592000; SameSite=Lax`,
    );

  it('takes the zone the phone is in now when a rendered page asks (a traveller changes zones)', () => {
    expect(zoneWritten(null)).toEqual(zoneCookies('Asia/Kolkata'));
  });

  it("asks Temporal for the zone where the browser has it, as the gate does (Intl's answer is not used)", () => {
    expect(zoneWritten('America/Bogota')).toEqual(zoneCookies('America/Bogota'));
  });

  it('is readable by the gate on its page as the token stored (escaped in the cookie)', () => {
    window.history.replaceState(null, '', '/profile');
    try {
      writeRenderSessionCookie('x;y=z');
      const pair = document.cookie.split('; ').find((part) => part.startsWith(`${RENDER_SESSION_COOKIE}=`));
      expect(decodeURIComponent(pair!.slice(RENDER_SESSION_COOKIE.length + 1))).toBe('x;y=z');
      writeRenderSessionCookie(null);
      expect(document.cookie).not.toContain(`${RENDER_SESSION_COOKIE}=`);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
