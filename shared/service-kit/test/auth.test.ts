import express from 'express';
import { SignJWT, UnsecuredJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthMiddleware,
  createTokenService,
  createUserStateStore,
  requireAdmin,
  requireApproved,
  requireUnrestricted,
  requireUser,
  signedInUser,
  type TokenService,
  type UserStateStore,
} from '../src/auth';
import { errorHandler } from '../src/errors';
import { redisForTest } from './redis-helpers';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const store = redisForTest('auth');
let tokens: TokenService;
let userState: UserStateStore;

beforeAll(() => {
  tokens = createTokenService({
    secret,
    issuer: 'nomadswap',
    audience: 'nomadswap-web',
    redis: store.redis,
    keyPrefix: store.prefix,
  });
  userState = createUserStateStore({ redis: store.redis, keyPrefix: store.prefix });
});
afterAll(() => store.cleanup());

const key = new TextEncoder().encode(secret);
function forge(options: {
  alg?: string;
  iss?: string;
  aud?: string;
  exp?: number;
  key?: Uint8Array;
  role?: string;
}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: options.role ?? 'user' })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject('6650a1b2c3d4e5f6a7b8c9d0')
    .setIssuer(options.iss ?? 'nomadswap')
    .setAudience(options.aud ?? 'nomadswap-web')
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 60)
    .setJti('forged-jti')
    .sign(options.key ?? key);
}

describe('token service', () => {
  it('signs a token that verifies with its subject, role, jti and expiry', async () => {
    const signed = await tokens.sign({ sub: 'u1', role: 'admin' });
    const verified = await tokens.verify(signed.token);
    expect(verified).toMatchObject({ sub: 'u1', role: 'admin', jti: signed.jti });
    expect(verified.expiresAt.getTime()).toBe(signed.expiresAt.getTime());
    expect(signed.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
  });

  it.each([
    ['another algorithm (HS512)', () => forge({ alg: 'HS512' })],
    ['another issuer', () => forge({ iss: 'evil' })],
    ['another audience', () => forge({ aud: 'someone-else' })],
    ['an expired token', () => forge({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['another secret', () => forge({ key: new TextEncoder().encode('b'.repeat(40)) })],
    ['an unknown role', () => forge({ role: 'superuser' })],
    [
      'an unsigned token',
      async () =>
        new UnsecuredJWT({ role: 'admin' })
          .setSubject('x')
          .setIssuer('nomadswap')
          .setAudience('nomadswap-web')
          .setExpirationTime('1h')
          .encode(),
    ],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401 Invalid or expired token', async (_label, make) => {
    await expect(tokens.verify(await make())).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_TOKEN',
      message: 'Invalid or expired token',
    });
  });

  it('when a token is revoked, it is refused until it expires and the denylist key expires with it', async () => {
    const signed = await tokens.sign({ sub: 'u2', role: 'user' });
    expect(await tokens.isRevoked(signed.jti)).toBe(false);
    await tokens.revoke(signed.jti, signed.expiresAt);
    expect(await tokens.isRevoked(signed.jti)).toBe(true);
    await expect(tokens.verify(signed.token)).rejects.toMatchObject({ status: 401 });
    const ttl = await store.redis.pttl(`${store.prefix}jwt:denylist:${signed.jti}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(signed.expiresAt.getTime() - Date.now() + 1000);
  });

  it('tells the watchers of revocations which token was revoked (logout closes that token’s sockets)', async () => {
    const heard: string[] = [];
    const watcher = tokens.watchRevocations({ onRevoked: (jti) => heard.push(jti) });
    await watcher.ready;
    const signed = await tokens.sign({ sub: 'u3', role: 'user' });
    await tokens.revoke(signed.jti, signed.expiresAt);
    await expect.poll(() => heard).toEqual([signed.jti]);
    await watcher.close();
  });

  it('a token is accepted until its ttl has passed and refused from then on (on the service’s clock)', async () => {
    let time = new Date('2030-01-01T10:00:00.000Z').getTime();
    const short = createTokenService({
      secret,
      issuer: 'nomadswap',
      audience: 'nomadswap-web',
      redis: store.redis,
      ttlSeconds: 60,
      now: () => new Date(time),
    });
    const signed = await short.sign({ sub: 'u3', role: 'user' });
    expect(signed.expiresAt.toISOString()).toBe('2030-01-01T10:01:00.000Z');
    time += 59_000;
    await expect(short.verify(signed.token)).resolves.toMatchObject({ sub: 'u3' });
    time += 1_000;
    await expect(short.verify(signed.token)).rejects.toMatchObject({ status: 401 });
  });
});

describe('user state store', () => {
  it('stores, reads and deletes role and approval', async () => {
    await userState.set('s1', { role: 'user', isApproved: false });
    expect(await userState.get('s1')).toEqual({ role: 'user', isApproved: false });
    expect(await store.redis.hgetall(`${store.prefix}userstate:s1`)).toEqual({
      role: 'user',
      isApproved: '0',
    });
    await userState.set('s1', { role: 'admin', isApproved: true });
    expect(await userState.get('s1')).toEqual({ role: 'admin', isApproved: true });
    await userState.delete('s1');
    expect(await userState.get('s1')).toBeNull();
  });

  it('keeps a sanction until a state with `sanction: null` clears it; a state without one leaves it alone', async () => {
    const sanction = {
      id: 'x1',
      type: 'restrict' as const,
      reason: 'Spam',
      endsAt: '2030-01-08T10:00:00.000Z',
    };
    await userState.set('s2', { role: 'user', isApproved: true, sanction });
    await userState.set('s2', { role: 'user', isApproved: true });
    expect(await userState.get('s2')).toEqual({ role: 'user', isApproved: true, sanction });
    await userState.set('s2', { role: 'user', isApproved: true, sanction: { ...sanction, endsAt: null } });
    expect((await userState.get('s2'))?.sanction).toEqual({ ...sanction, endsAt: null });
    await userState.set('s2', { role: 'user', isApproved: true, sanction: null });
    expect(await userState.get('s2')).toEqual({ role: 'user', isApproved: true });
  });
});

describe('sanctions in the auth middleware (issue 26)', () => {
  let time = new Date('2030-01-01T10:00:00.000Z').getTime();
  function buildApp() {
    const { authenticate } = createAuthMiddleware({ tokens, userState, now: () => new Date(time) });
    const app = express();
    app.use(authenticate);
    app.get('/read', requireApproved, (_req, res) => res.json({ ok: true }));
    app.post('/list', requireApproved, requireUnrestricted, (_req, res) => res.json({ ok: true }));
    app.use(errorHandler);
    return app;
  }
  async function sanctioned(id: string, type: 'restrict' | 'suspend', endsAt: string | null) {
    await userState.set(id, {
      role: 'user',
      isApproved: true,
      sanction: { id: `${id}-s`, type, reason: 'Spam', endsAt },
    });
    const signed = await tokens.sign({ sub: id, role: 'user' });
    return { Authorization: `Bearer ${signed.token}` };
  }
  const END = '2030-01-08T10:00:00.000Z';

  it('a suspended user is refused everywhere with 403 ACCOUNT_SUSPENDED, the reason and the end, until the end', async () => {
    const headers = await sanctioned('k1', 'suspend', END);
    const res = await request(buildApp()).get('/read').set(headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Your account is suspended',
      code: 'ACCOUNT_SUSPENDED',
      sanction: { type: 'suspend', reason: 'Spam', endsAt: END },
    });
    time = Date.parse(END) - 1;
    expect((await request(buildApp()).get('/read').set(headers)).status).toBe(403);
    time = Date.parse(END);
    expect((await request(buildApp()).get('/read').set(headers)).status).toBe(200);
    time = new Date('2030-01-01T10:00:00.000Z').getTime();
  });

  it('a restricted user reads, but requireUnrestricted answers 403 ACCOUNT_RESTRICTED with the end; for good has none', async () => {
    const headers = await sanctioned('k2', 'restrict', END);
    expect((await request(buildApp()).get('/read').set(headers)).status).toBe(200);
    const refused = await request(buildApp()).post('/list').set(headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'Your account is restricted: you cannot list items, send messages or request swaps',
      code: 'ACCOUNT_RESTRICTED',
      sanction: { type: 'restrict', endsAt: END },
    });
    const forGood = await sanctioned('k3', 'restrict', null);
    expect((await request(buildApp()).post('/list').set(forGood)).body.sanction).toEqual({
      type: 'restrict',
      endsAt: null,
    });
  });

  it('tells the watchers of revocations which user’s sessions ended (a suspension closes their sockets)', async () => {
    const users: string[] = [];
    const jtis: string[] = [];
    const watcher = tokens.watchRevocations({
      onRevoked: (jti) => jtis.push(jti),
      onUserRevoked: (id) => users.push(id),
    });
    await watcher.ready;
    await tokens.revokeUser('k4');
    await expect.poll(() => users).toEqual(['k4']);
    expect(jtis).toEqual([]);
    await watcher.close();
  });
});

describe('auth middleware', () => {
  function buildApp() {
    const { authenticate } = createAuthMiddleware({ tokens, userState });
    const app = express();
    app.use(authenticate);
    app.get('/whoami', (req, res) => res.json({ user: req.user ?? null }));
    app.get('/mine', requireUser, (req, res) => res.json({ id: signedInUser(req).id }));
    app.get('/unguarded', (req, res) => res.json({ id: signedInUser(req).id }));
    app.get('/approved', requireApproved, (_req, res) => res.json({ ok: true }));
    app.get('/admin', requireAdmin, (_req, res) => res.json({ ok: true }));
    app.use(errorHandler);
    return app;
  }
  async function signIn(id: string, state: { role: 'user' | 'admin'; isApproved: boolean }) {
    await userState.set(id, state);
    const signed = await tokens.sign({ sub: id, role: state.role });
    return { Authorization: `Bearer ${signed.token}` };
  }

  it('signedInUser answers the guarded caller, and 401 where nobody signed in', async () => {
    const headers = await signIn('m9', { role: 'user', isApproved: false });
    expect((await request(buildApp()).get('/mine').set(headers)).body).toEqual({ id: 'm9' });
    expect((await request(buildApp()).get('/unguarded')).status).toBe(401);
  });

  it('when no Authorization header is sent, the request is anonymous', async () => {
    const res = await request(buildApp()).get('/whoami');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it('when the token is valid, req.user carries id, role, approval, jti and expiry', async () => {
    const headers = await signIn('m1', { role: 'user', isApproved: true });
    const res = await request(buildApp()).get('/whoami').set(headers);
    expect(res.body.user).toMatchObject({
      id: 'm1',
      role: 'user',
      isApproved: true,
      jti: expect.any(String),
    });
    expect(Date.parse(res.body.user.tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it.each([['Bearer'], ['Basic dXNlcjpwYXNz'], ['Bearer not.a.jwt']])(
    'when the header is %s, it answers 401 Invalid or expired token',
    async (header) => {
      const res = await request(buildApp()).get('/whoami').set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    },
  );

  it('when the token was revoked (logout), the next request is refused', async () => {
    await userState.set('m2', { role: 'user', isApproved: true });
    const signed = await tokens.sign({ sub: 'm2', role: 'user' });
    await tokens.revoke(signed.jti, signed.expiresAt);
    const res = await request(buildApp()).get('/whoami').set('Authorization', `Bearer ${signed.token}`);
    expect(res.status).toBe(401);
  });

  it('when the user is deleted (state gone), the same token is refused on the next request', async () => {
    const headers = await signIn('m3', { role: 'user', isApproved: true });
    expect((await request(buildApp()).get('/mine').set(headers)).status).toBe(200);
    await userState.delete('m3');
    const res = await request(buildApp()).get('/mine').set(headers);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid or expired token');
  });

  it('when an admin approves a user, the same token passes requireApproved on the very next request', async () => {
    const headers = await signIn('m4', { role: 'user', isApproved: false });
    const before = await request(buildApp()).get('/approved').set(headers);
    expect(before.status).toBe(403);
    expect(before.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
    await userState.set('m4', { role: 'user', isApproved: true });
    expect((await request(buildApp()).get('/approved').set(headers)).status).toBe(200);
  });

  it('when a role changes, the current role applies, not the one in the token', async () => {
    const headers = await signIn('m5', { role: 'user', isApproved: true });
    expect((await request(buildApp()).get('/admin').set(headers)).status).toBe(403);
    await userState.set('m5', { role: 'admin', isApproved: true });
    expect((await request(buildApp()).get('/admin').set(headers)).status).toBe(200);
  });

  it('when nobody is signed in, every guard answers 401 Authentication Required', async () => {
    for (const path of ['/mine', '/approved', '/admin']) {
      const res = await request(buildApp()).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication Required', code: 'UNAUTHORIZED' });
    }
  });

  it('when a user is not an admin, requireAdmin answers 403 Admin Access Required', async () => {
    const headers = await signIn('m6', { role: 'user', isApproved: true });
    const res = await request(buildApp()).get('/admin').set(headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Admin Access Required', code: 'FORBIDDEN' });
  });

  it('when an admin is not flagged approved, requireApproved still lets them through', async () => {
    const headers = await signIn('m7', { role: 'admin', isApproved: false });
    expect((await request(buildApp()).get('/approved').set(headers)).status).toBe(200);
  });

  it('userFromToken resolves the same user outside express (e.g. a socket handshake)', async () => {
    await userState.set('m8', { role: 'user', isApproved: false });
    const signed = await tokens.sign({ sub: 'm8', role: 'user' });
    const { userFromToken } = createAuthMiddleware({ tokens, userState });
    await expect(userFromToken(signed.token)).resolves.toMatchObject({
      id: 'm8',
      isApproved: false,
      jti: signed.jti,
    });
  });
});
