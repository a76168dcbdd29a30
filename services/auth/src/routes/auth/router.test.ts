import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthResponseSchema, UserSelfSchema } from '@nomadswap/contracts/responses';
import { createTokenService } from '@nomadswap/service-kit/auth';
import type * as Passwords from '../../domain/hash-password';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildAdmin, buildRegistration, buildUser } from '../../../test/support/factories';
import { png, pixelBomb, toDataUrl } from '@nomadswap/dev-stores/test-images';

// Counts the password checks a login reaches (the real ones run), to see what the limit let through.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../domain/hash-password', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      verifications.count += 1;
      return original.verifyPassword(...args);
    },
    verifyAgainstDummy: (password: string) => {
      verifications.count += 1;
      return original.verifyAgainstDummy(password);
    },
  };
});

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv();
});
afterAll(() => env.close());

const register = (body: unknown, ip = '198.51.100.1') =>
  request(env.app)
    .post('/api/auth/register')
    .set('X-Forwarded-For', ip)
    .send(body as object);
const login = (body: unknown, ip = '198.51.100.1') =>
  request(env.app)
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send(body as object);

describe('POST /api/auth/register', () => {
  it('creates a pending user with a processed avatar, signs them in and announces user.registered', async () => {
    const input = buildRegistration({ email: 'Mixed.Case@Example.COM' });
    const res = await register(input);

    expect(res.status).toBe(201);
    const body = AuthResponseSchema.parse(res.body);
    expect(body.user).toMatchObject({
      username: input.username,
      email: 'mixed.case@example.com',
      fullName: input.fullName,
      location: input.location,
      bio: input.bio,
      role: 'user',
      isApproved: false,
      isVerified: false,
      rating: 0,
      reviewCount: 0,
      completedSwaps: 0,
      approvedAt: null,
      approvedBy: null,
    });
    expect(body.user.avatar).toMatch(/^\/api\/avatars\/[a-f0-9]{24}$/);

    const stored = await env.models.users.findById(body.user.id).select('+passwordHash').lean();
    expect(stored).toMatchObject({
      email: 'mixed.case@example.com',
      usernameKey: input.username.toLowerCase(),
      isApproved: false,
      role: 'user',
      pendingAvatarUploadId: null,
    });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await env.ctx.userState.get(body.user.id)).toEqual({ role: 'user', isApproved: false });

    const registered = (await env.events('user.registered')).find((e) => e.data.id === body.user.id);
    // The address travels on the bus for the services that mail the user (messaging's nudge, moderation).
    expect(registered?.data).toMatchObject({
      username: input.username,
      email: input.email.toLowerCase(),
      isApproved: false,
      version: 1,
    });

    const me = await request(env.app).get('/api/auth/me').set('Authorization', `Bearer ${body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(body.user.id);
  });

  it('when fields are missing or invalid, it answers 400 with the form messages per field', async () => {
    const res = await register({ username: 'ab', email: 'not-an-email', password: '123', bio: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'fullName', message: 'Full name is required' },
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'email', message: 'Invalid email address' },
        { field: 'location', message: 'Location is required' },
        { field: 'password', message: 'Password must be at least 6 characters' },
        { field: 'bio', message: 'Bio must be at least 10 characters' },
        { field: 'avatar', message: 'Profile photo is required' },
      ]),
    );
    expect(await env.models.users.countDocuments({ usernameKey: 'ab' })).toBe(0);
  });

  it('when the username is taken in another case, it answers 409 naming the username', async () => {
    const first = buildRegistration();
    expect((await register(first)).status).toBe(201);
    const res = await register(buildRegistration({ username: first.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Username is already taken',
      code: 'CONFLICT',
      details: [{ field: 'username', message: 'Username is already taken' }],
    });
  });

  it('when the e-mail is registered in another case, it answers 409 naming the e-mail', async () => {
    const first = buildRegistration();
    expect((await register(first)).status).toBe(201);
    const res = await register(buildRegistration({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Email is already registered',
      code: 'CONFLICT',
      details: [{ field: 'email', message: 'Email is already registered' }],
    });
  });

  it('when the same username is registered concurrently, exactly one wins and the others get 409', async () => {
    const base = buildRegistration();
    const variants = [
      base.username,
      base.username.toUpperCase(),
      `${base.username[0]!.toUpperCase()}${base.username.slice(1)}`,
    ];
    const results = await Promise.all(
      [...variants, ...variants].map((username) => register(buildRegistration({ username }))),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.body.error).toBe('Username is already taken');
    }
    expect(await env.models.users.countDocuments({ usernameKey: base.username.toLowerCase() })).toBe(1);
  });

  it('when the photo is a text file declared as PNG, it answers 400 Invalid file type and creates nothing', async () => {
    const input = buildRegistration({ avatar: toDataUrl(Buffer.from('hello, I am not an image at all')) });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid file type',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'avatar', message: 'Invalid file type' }],
    });
    expect(await env.models.users.exists({ email: input.email })).toBeNull();
  });

  it('when the photo is not an image data URL at all, it answers 400 Invalid file type', async () => {
    const res = await register(buildRegistration({ avatar: 'data:text/html;base64,PGh0bWw+' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid file type');
  });

  it('when the photo is over 10 MB decoded, it answers 413 File too large', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await register(buildRegistration({ avatar: toDataUrl(big) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('when the photo is a tiny PNG declaring 30000×30000 pixels, it is refused without decoding it', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const input = buildRegistration({ avatar: toDataUrl(pixelBomb()) });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Error processing image', code: 'IMAGE_UNPROCESSABLE' });
    // Decoding 900 million RGB pixels would need 2.7 GB and take seconds.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await env.models.users.exists({ email: input.email })).toBeNull();
  });

  it('when the e-mail is an operator object, it is refused with 400 before reaching MongoDB', async () => {
    const res = await register({ ...buildRegistration(), email: { $ne: null } });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'email', message: 'Invalid email address' });
  });

  it('when one address registers too often, it gets 429 with Retry-After while other addresses still can', async () => {
    const limited = await createAuthTestEnv({
      workers: false,
      settings: { registerLimitPerHour: 2, avatarWaitMs: 0 },
    });
    try {
      const from = (ip: string) =>
        request(limited.app).post('/api/auth/register').set('X-Forwarded-For', ip).send(buildRegistration());
      expect((await from('203.0.113.7')).status).toBe(201);
      expect((await from('203.0.113.7')).status).toBe(201);
      const refused = await from('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
      expect((await from('203.0.113.8')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
  it('counts every attempt against REGISTER_LIMIT_PER_HOUR, invalid ones too: at the limit 400s, one past it 429', async () => {
    const limited = await createAuthTestEnv({
      workers: false,
      settings: { registerLimitPerHour: 2, avatarWaitMs: 0 },
    });
    try {
      const from = (body: object) =>
        request(limited.app).post('/api/auth/register').set('X-Forwarded-For', '203.0.113.20').send(body);
      expect((await from({ username: 'x' })).status).toBe(400);
      expect((await from({ ...buildRegistration(), avatar: 'not an image' })).status).toBe(400);
      const refused = await from(buildRegistration());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('over the limit, answers 429 at once without reading the body, and closes the connection', async () => {
    const limited = await createAuthTestEnv({
      workers: false,
      settings: { registerLimitPerHour: 1, avatarWaitMs: 0 },
    });
    const server = http.createServer(limited.app).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      expect((await request(limited.app).post('/api/auth/register').send({})).status).toBe(400);
      // A 15 MB body announced, not one byte of it sent.
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.write(
        'POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 15000000\r\n\r\n',
      );
      const closed = await Promise.race([
        new Promise((resolve) => socket.once('close', () => resolve('closed'))),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
      ]);
      socket.destroy();
      expect(closed).toBe('closed');
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('"code":"RATE_LIMITED"');
    } finally {
      server.close();
      await limited.close();
    }
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const limited = await createAuthTestEnv({
      workers: false,
      settings: { registerLimitPerHour: 1, avatarWaitMs: 0, trustProxy: '10.0.0.1' },
    });
    try {
      const from = (ip: string) =>
        request(limited.app).post('/api/auth/register').set('X-Forwarded-For', ip).send(buildRegistration());
      expect((await from('203.0.113.40')).status).toBe(201);
      // The claimed address differs, but the request still comes from the same (untrusted) peer.
      expect((await from('203.0.113.41')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password (e-mail in any case) and answers token and user', async () => {
    const user = await buildUser(env, { isApproved: false });
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    const body = AuthResponseSchema.parse(res.body);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, isApproved: false });
    const me = await request(env.app).get('/api/auth/me').set('Authorization', `Bearer ${body.token}`);
    expect(me.body.id).toBe(user.id);
  });

  it('signs in with spaces around the e-mail, as pasted (they are trimmed before its format is checked)', async () => {
    const user = await buildUser(env);
    const res = await login({ email: ` ${user.email}\t`, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const user = await buildUser(env);
    const wrong = await login({ email: user.email, password: 'not the password' });
    const unknown = await login({ email: 'nobody-here@example.com', password: 'whatever' });
    const expected = { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(expected);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(expected);
  });

  it('verifies a password hash for an unknown e-mail as for a wrong password (so timing tells nothing)', async () => {
    const user = await buildUser(env);
    verifications.count = 0;
    await login({ email: user.email, password: 'wrong-1' }, '192.0.2.50');
    expect(verifications.count).toBe(1);
    await login({ email: `missing-${user.email}`, password: 'wrong-2' }, '192.0.2.51');
    expect(verifications.count).toBe(2);
  });

  it('refuses operator injection such as {"email":{"$ne":null}} with 400', async () => {
    await buildUser(env);
    const res = await login({ email: { $ne: null }, password: { $ne: null } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('answers 400 with the form messages when fields are missing', async () => {
    const res = await login({});
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('after 10 failures for one e-mail and IP, it answers 429 even to the right password; other e-mails and IPs are unaffected', async () => {
    const victim = await buildUser(env);
    const other = await buildUser(env);
    const ip = '203.0.113.20';
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: victim.email, password: 'guess' }, ip)).status).toBe(401);
    }
    const locked = await login({ email: victim.email, password: victim.password }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      error: 'Too many login attempts. Please try again in 15 minutes.',
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    expect((await login({ email: other.email, password: other.password }, ip)).status).toBe(200);
    expect((await login({ email: victim.email, password: victim.password }, '203.0.113.21')).status).toBe(
      200,
    );
  });

  it('when 25 wrong guesses for one e-mail and IP arrive at once, only 10 reach the password check; the rest are 429 with Retry-After', async () => {
    const victim = await buildUser(env);
    const ip = '203.0.113.40';
    verifications.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login({ email: victim.email, password: `guess-${i}` }, ip)),
    );
    expect(verifications.count).toBe(10);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(15);
    for (const res of refused) {
      expect(res.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('after 20 failures for one e-mail from 20 different addresses, the account answers 429 from any address; other accounts sign in', async () => {
    const victim = await buildUser(env);
    const other = await buildUser(env);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ email: victim.email, password: 'guess' }, `198.18.0.${i + 1}`),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(401));
    const locked = await login({ email: victim.email, password: victim.password }, '198.18.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3_000);
    expect((await login({ email: other.email, password: other.password }, '198.18.1.1')).status).toBe(200);
  });

  it('answers 400 for a password longer than 200 characters, before any hash is computed', async () => {
    const user = await buildUser(env);
    const res = await login({ email: user.email, password: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'password', message: 'Password must be at most 200 characters' },
    ]);
  });

  it('a successful login clears the failures counted so far', async () => {
    const user = await buildUser(env);
    const ip = '203.0.113.30';
    for (let i = 0; i < 9; i += 1) await login({ email: user.email, password: 'guess' }, ip);
    expect((await login({ email: user.email, password: user.password }, ip)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await login({ email: user.email, password: 'guess' }, ip)).status).toBe(401);
    }
    expect((await login({ email: user.email, password: user.password }, ip)).status).toBe(200);
  });
});

describe('device cookies: a device that signed in is not locked out with the account', () => {
  /** The device cookie a response set (name=value), and its attributes. */
  const deviceCookie = (res: { headers: Record<string, unknown> }) => {
    const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
    const line = cookies.find((c) => c.startsWith('nsdevice='));
    return { line: line ?? '', pair: line?.split(';')[0] ?? '' };
  };
  const loginWith = (body: object, ip: string, cookie?: string) => {
    const req = request(env.app).post('/api/auth/login').set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).send(body);
  };
  /** 20 wrong passwords from 20 other addresses: the account's lockout for unknown clients. */
  const lockAccount = async (email: string, net: string) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginWith({ email, password: 'guess' }, `${net}.${i + 1}`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(401));
  };

  it('a successful login sets a signed, HttpOnly, SameSite=Strict device cookie for /api/auth', async () => {
    const user = await buildUser(env);
    const res = await loginWith({ email: user.email, password: user.password }, '198.18.10.1');
    expect(res.status).toBe(200);
    const { line } = deviceCookie(res);
    expect(line).toMatch(/^nsdevice=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\/api\/auth/i);
    expect(line).toMatch(/; Max-Age=\d+/i);
    // A failed login sets none.
    expect(deviceCookie(await loginWith({ email: user.email, password: 'nope' }, '198.18.10.1')).line).toBe(
      '',
    );
  });

  it('the owner’s device signs in while 20 failures from elsewhere lock the account for unknown clients; the admin’s too', async () => {
    for (const user of [await buildUser(env), await buildAdmin(env)]) {
      const first = await loginWith({ email: user.email, password: user.password }, '198.18.11.1');
      const { pair } = deviceCookie(first);
      await lockAccount(user.email, user.record.role === 'admin' ? '198.18.13' : '198.18.12');
      const unknown = await loginWith({ email: user.email, password: user.password }, '198.18.11.1');
      expect(unknown.status).toBe(429);
      expect(unknown.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
      // The device that signed in before, from any address.
      const trusted = await loginWith({ email: user.email, password: user.password }, '198.18.11.2', pair);
      expect(trusted.status, user.record.role).toBe(200);
      // Each sign-in gives a new cookie, which works too.
      const renewed = deviceCookie(trusted).pair;
      expect(renewed).not.toBe(pair);
      expect(
        (await loginWith({ email: user.email, password: user.password }, '198.18.11.3', renewed)).status,
      ).toBe(200);
    }
  });

  it('a forged, altered or other account’s cookie counts for nothing', async () => {
    const [user, other] = await Promise.all([buildUser(env), buildUser(env)]);
    const { pair } = deviceCookie(
      await loginWith({ email: user.email, password: user.password }, '198.18.14.1'),
    );
    const { pair: othersPair } = deviceCookie(
      await loginWith({ email: other.email, password: other.password }, '198.18.14.1'),
    );
    await lockAccount(user.email, '198.18.15');
    const [name, value] = pair.split('=') as [string, string];
    const [login, nonce, signature] = value.split('.') as [string, string, string];
    const forged = [
      `${name}=${login}.${nonce}.${signature.slice(0, -2)}AA`,
      `${name}=${login}.${'A'.repeat(nonce.length)}.${signature}`,
      `${name}=${Buffer.from(user.email).toString('base64url')}.x.y`,
      othersPair,
      `${name}=`,
      `${name}=${'a.'.repeat(400)}`,
    ];
    for (const cookie of forged) {
      const res = await loginWith({ email: user.email, password: user.password }, '198.18.14.2', cookie);
      expect(res.status, cookie).toBe(429);
    }
  });

  it('a device has its own limit: at 10 failures it still signs in, past them it is an unknown client', async () => {
    const user = await buildUser(env);
    const { pair } = deviceCookie(
      await loginWith({ email: user.email, password: user.password }, '198.18.16.1'),
    );
    await lockAccount(user.email, '198.18.17');
    // 9 failures with the cookie, then the right password: the 10th attempt passes and clears the count.
    for (let i = 0; i < 9; i += 1) {
      expect((await loginWith({ email: user.email, password: 'guess' }, '198.18.16.1', pair)).status).toBe(
        401,
      );
    }
    const atLimit = await loginWith({ email: user.email, password: user.password }, '198.18.16.1', pair);
    expect(atLimit.status).toBe(200);
    const cookie = deviceCookie(atLimit).pair;
    // 10 failures: the device's limit is used up, it is an unknown client again and the account is locked.
    for (let i = 0; i < 10; i += 1) {
      expect((await loginWith({ email: user.email, password: 'guess' }, '198.18.16.1', cookie)).status).toBe(
        401,
      );
    }
    const past = await loginWith({ email: user.email, password: user.password }, '198.18.16.1', cookie);
    expect(past.status).toBe(429);
    expect(past.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  });
});

describe('POST /api/auth/login from one address across accounts', () => {
  let limited: AuthTestEnv;
  beforeAll(async () => {
    limited = await createAuthTestEnv({ workers: false, settings: { loginAddressMaxFailures: 5 } });
  });
  afterAll(() => limited.close());

  it('after the per-address limit of failures over different e-mails, that address is refused even for a right password; other addresses are not', async () => {
    const user = await buildUser(limited);
    const ip = '192.0.2.200';
    const send = (body: object, from: string) =>
      request(limited.app).post('/api/auth/login').set('X-Forwarded-For', from).send(body);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send({ email: `stuffed-${i}@example.com`, password: 'guess' }, ip)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await send({ email: user.email, password: user.password }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ email: user.email, password: user.password }, '192.0.2.201')).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user in full', async () => {
    const user = await buildUser(env);
    const res = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({ id: user.id, email: user.email });
  });

  it('answers 401 Authentication Required without a token', async () => {
    const res = await request(env.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication Required', code: 'UNAUTHORIZED' });
  });

  it('answers 401 Invalid or expired token for a forged, malformed or expired token', async () => {
    const user = await buildUser(env);
    const forged = createTokenService({ ...env.stores.jwt, secret: 'x'.repeat(40), redis: env.stores.redis });
    const expired = createTokenService({ ...env.stores.jwt, ttlSeconds: -60, redis: env.stores.redis });
    const tokens = [
      (await forged.sign({ sub: user.id, role: 'admin' })).token,
      (await expired.sign({ sub: user.id, role: 'user' })).token,
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const res = await request(env.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    }
  });

  it('when the user was deleted, their token is refused on the very next request', async () => {
    const admin = await buildAdmin(env);
    const user = await buildUser(env);
    expect((await request(env.app).get('/api/auth/me').set(user.headers)).status).toBe(200);
    expect((await request(env.app).delete(`/api/admin/users/${user.id}`).set(admin.headers)).status).toBe(
      204,
    );
    const res = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid or expired token');
  });

  it('when the user record is gone but its state lingers, the token is still refused', async () => {
    const user = await buildUser(env);
    await env.models.users.deleteOne({ _id: new mongoose.Types.ObjectId(user.id) });
    const res = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid or expired token');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token it was called with: 204, then that token gets 401 while another session still works', async () => {
    const user = await buildUser(env);
    const second = await login({ email: user.email, password: user.password });
    const res = await request(env.app).post('/api/auth/logout').set(user.headers);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const ttl = await env.stores.redis.pttl(`${env.stores.keyPrefix}jwt:denylist:${user.jti}`);
    expect(ttl).toBeGreaterThan(6 * 24 * 3_600_000);

    const after = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Invalid or expired token');
    const other = await request(env.app)
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${second.body.token as string}`);
    expect(other.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await request(env.app).post('/api/auth/logout')).status).toBe(401);
  });

  it('a stale token left in the browser does not stop a new login', async () => {
    const user = await buildUser(env);
    await request(env.app).post('/api/auth/logout').set(user.headers);
    const res = await login({ email: user.email, password: user.password }).set(user.headers);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });
});
