import { generateKeyPair, SignJWT } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@nomadswap/service-kit/testing';
import { expectErrorFormat } from './support/error-format';
import { createWorld, type World } from './support/world';

/**
 * Tokens we must not accept (issue 14) → 401 'Invalid or expired token' on every service, including routes that
 * also serve visitors (a bad token is not silently treated as no token).
 */
let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

/** One guarded route per service, and two that visitors may use. */
const PROBES = [
  { method: 'GET', path: '/api/auth/me' },
  { method: 'GET', path: '/api/favorites' },
  { method: 'GET', path: '/api/messages' },
  { method: 'GET', path: '/api/reviews/pending' },
  { method: 'GET', path: '/api/items' },
  { method: 'POST', path: '/api/contact' },
] as const;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Claims {
  sub?: string;
  role?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  jti?: string;
}

function claims(overrides: Claims = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: world.users.owner.id,
    role: 'user',
    iss: world.stack.stores.jwt.issuer,
    aud: world.stack.stores.jwt.audience,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    ...overrides,
  };
}

async function sign(
  payload: Claims,
  options: { alg?: string; secret?: string | Uint8Array | CryptoKey } = {},
): Promise<string> {
  const { sub, iss, aud, iat, exp, jti, ...rest } = payload;
  let jwt = new SignJWT(rest).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' });
  if (sub !== undefined) jwt = jwt.setSubject(sub);
  if (iss !== undefined) jwt = jwt.setIssuer(iss);
  if (aud !== undefined) jwt = jwt.setAudience(aud);
  if (iat !== undefined) jwt = jwt.setIssuedAt(iat);
  if (exp !== undefined) jwt = jwt.setExpirationTime(exp);
  if (jti !== undefined) jwt = jwt.setJti(jti);
  const secret = options.secret ?? world.stack.stores.jwt.secret;
  return jwt.sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
}

async function expectRefused(token: string, label: string): Promise<void> {
  for (const probe of PROBES) {
    const res = await world.send(
      { ...probe, body: probe.method === 'POST' ? {} : undefined },
      {
        Authorization: `Bearer ${token}`,
      },
    );
    expect(res.status, `${label} on ${probe.method} ${probe.path}: ${res.text.slice(0, 200)}`).toBe(401);
    expectErrorFormat(res, label);
    expect(res.body.error).toBe('Invalid or expired token');
  }
}

describe('tokens that are refused with 401 on every service', () => {
  it('a correctly signed token is accepted (the probes can pass)', async () => {
    const token = await sign(claims());
    const res = await world.send(
      { method: 'GET', path: '/api/favorites' },
      { Authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
  });

  const CASES: { name: string; token: () => Promise<string> }[] = [
    { name: 'alg none', token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.` },
    {
      name: 'alg none with a signature',
      token: async () => `${b64({ alg: 'none' })}.${b64(claims())}.${b64('x')}`,
    },
    { name: 'HS512 with our secret', token: () => sign(claims(), { alg: 'HS512' }) },
    {
      name: 'RS256 with another key',
      token: async () =>
        sign(claims(), { alg: 'RS256', secret: (await generateKeyPair('RS256')).privateKey }),
    },
    { name: 'another secret', token: () => sign(claims(), { secret: randomBytes(32).toString('hex') }) },
    { name: 'wrong audience', token: () => sign(claims({ aud: 'someone-else' })) },
    { name: 'wrong issuer', token: () => sign(claims({ iss: 'evil' })) },
    {
      name: 'expired',
      token: () =>
        sign(claims({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 60 })),
    },
    { name: 'no expiry', token: () => sign(claims({ exp: undefined })) },
    { name: 'no jti', token: () => sign(claims({ jti: undefined })) },
    { name: 'no subject', token: () => sign(claims({ sub: undefined })) },
    { name: 'an unknown role', token: () => sign(claims({ role: 'superuser' })) },
    { name: 'a user that never existed', token: () => sign(claims({ sub: newId() })) },
    {
      name: 'payload changed to admin, signature kept',
      token: async () => {
        const [header, , signature] = (await sign(claims())).split('.');
        return `${header}.${b64(claims({ role: 'admin', sub: world.users.admin.id }))}.${signature}`;
      },
    },
    { name: 'garbage', token: async () => 'not.a.jwt' },
  ];

  it.each(CASES)('$name → 401', async ({ name, token }) => {
    await expectRefused(await token(), name);
  });

  it('a malformed Authorization header → 401, not a visitor', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Basic abc', `Bearer a b`, 'bearer.x']) {
      const res = await world.send({ method: 'GET', path: '/api/items' }, { Authorization: header });
      expect(res.status, header).toBe(401);
      expectErrorFormat(res, header);
    }
  });

  it('a token revoked by logout → 401 everywhere', async () => {
    const user = world.users.other;
    const login = await world.send({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: user.email, password: user.password },
    });
    const token = login.body.token as string;
    const logout = await world.send(
      { method: 'POST', path: '/api/auth/logout' },
      { Authorization: `Bearer ${token}` },
    );
    expect(logout.status).toBe(204);
    await expectRefused(token, 'revoked by logout');
    // Only that token: the persona's other session still works.
    expect((await world.send({ method: 'GET', path: '/api/auth/me' }, user.headers)).status).toBe(200);
  });

  it('the token of a deleted user → 401 everywhere', async () => {
    const doomed = await world.register();
    const res = await world.send(
      { method: 'DELETE', path: `/api/admin/users/${doomed.id}` },
      world.users.admin.headers,
    );
    expect(res.status).toBe(204);
    await expectRefused(doomed.token, 'deleted user');
  });
});
