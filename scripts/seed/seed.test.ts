import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterSchema } from '@nomadswap/contracts/auth';
import { CATEGORIES, PRESET_CITIES } from '@nomadswap/contracts/enums';
import { ItemCreateSchema } from '@nomadswap/contracts/items';
import type { UserState } from '@nomadswap/service-kit/auth';
import { createItemsTestEnv, type ItemsTestEnv } from '@nomadswap/items/test/support/items-test-env';
import { DEMO_PASSWORD, DEMO_USERS, demoEmail } from './demo-catalogue';
import { AVATAR_ILLUSTRATIONS, ITEM_ILLUSTRATIONS } from './illustrations';
import { PHOTOS_DIR, avatarFile, itemPhotoFile } from './make-photos';
import { seedDemoData } from './seed-demo-data';

describe('demo catalogue', () => {
  const items = DEMO_USERS.flatMap((user) =>
    user.items.map((item) => ({ ...item, location: user.location })),
  );

  it('has a dozen valid demo users and 40 to 60 valid items across every category and preset city', () => {
    expect(DEMO_USERS).toHaveLength(12);
    for (const user of DEMO_USERS) {
      const registration = {
        ...user,
        email: demoEmail(user),
        password: DEMO_PASSWORD,
        avatar: 'data:image/jpeg;base64,AA==',
      };
      expect(RegisterSchema.safeParse(registration).success, user.username).toBe(true);
    }
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(items.length).toBeLessThanOrEqual(60);
    for (const item of items) expect(ItemCreateSchema.safeParse(item).success, item.title).toBe(true);
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(items.map((item) => item.location))).toEqual(
      new Set(PRESET_CITIES.map((city) => `${city.name}, ${city.country}`)),
    );
  });

  it('ships every photo and avatar it uses as a small JPEG, under 2 MB in all', async () => {
    for (const name of Object.keys(ITEM_ILLUSTRATIONS)) {
      const metadata = await sharp(itemPhotoFile(name)).metadata();
      expect(metadata, name).toMatchObject({ format: 'jpeg', width: 600, height: 450 });
    }
    for (const name of Object.keys(AVATAR_ILLUSTRATIONS)) {
      expect(await sharp(avatarFile(name)).metadata()).toMatchObject({
        format: 'jpeg',
        width: 400,
        height: 400,
      });
    }
    const total = fs
      .readdirSync(PHOTOS_DIR)
      .reduce((sum, file) => sum + fs.statSync(path.join(PHOTOS_DIR, file)).size, 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });
});

/**
 * The seed against the real items app behind a stand-in for the auth service's three calls it makes (login,
 * register, approve), with the same user-state and token rules, so items' own checks (approval) really apply.
 */
describe('seedDemoData', () => {
  let env: ItemsTestEnv;
  let server: Server;
  let baseUrl: string;
  let registrationsLeft = 5;
  const accounts = new Map<string, { id: string; password: string; user: Record<string, unknown> }>();
  const ADMIN = { email: 'admin@nomadswap.local', password: 'admin-secret' };

  beforeAll(async () => {
    env = await createItemsTestEnv({ settings: { imageWaitMs: 5_000 } });
    const adminId = new mongoose.Types.ObjectId().toHexString();
    await env.ctx.redis.hset(`${env.stores.keyPrefix}userstate:${adminId}`, {
      role: 'admin',
      isApproved: '1',
    });
    const session = async (id: string, user: Record<string, unknown>, state: UserState) => {
      await env.stores.userState.set(id, state);
      const { token } = await env.stores.tokens.sign({ sub: id, role: state.role });
      return { token, user };
    };
    const auth = express.Router();
    auth.use(express.json({ limit: '20mb' }));
    auth.post('/api/auth/login', async (req, res) => {
      const { email, password } = req.body as { email: string; password: string };
      if (email === ADMIN.email && password === ADMIN.password) {
        res.json(
          await session(adminId, { id: adminId, isApproved: true }, { role: 'admin', isApproved: true }),
        );
        return;
      }
      const account = accounts.get(email);
      if (!account || account.password !== password) {
        res.status(401).json({ error: 'Invalid email or password' });
        return;
      }
      res.json(
        await session(account.id, account.user, {
          role: 'user',
          isApproved: account.user.isApproved === true,
        }),
      );
    });
    auth.post('/api/auth/register', async (req, res) => {
      if (registrationsLeft-- <= 0) {
        res.status(429).json({ error: 'Too many requests. Please try again later.' });
        return;
      }
      const body = RegisterSchema.parse(req.body);
      expect((await sharp(Buffer.from(body.avatar.split(',')[1]!, 'base64')).metadata()).format).toBe('jpeg');
      const id = new mongoose.Types.ObjectId().toHexString();
      const user = { id, username: body.username, fullName: body.fullName, isApproved: false };
      accounts.set(body.email, { id, password: body.password, user });
      res.status(201).json(await session(id, user, { role: 'user', isApproved: false }));
    });
    auth.post('/api/admin/approve-user/:id', async (req, res) => {
      const caller = await env.stores.auth.userFromToken(req.headers.authorization!.slice(7));
      expect(caller.role).toBe('admin');
      const account = [...accounts.values()].find((entry) => entry.id === req.params.id)!;
      account.user.isApproved = true;
      await env.stores.userState.set(account.id, { role: 'user', isApproved: true });
      res.json(account.user);
    });
    const gateway = express();
    gateway.use(auth);
    gateway.use(env.app);
    server = createServer(gateway);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await env.close();
  });

  it('stops with a clear message at the registration limit, then resumes and completes, then changes nothing', async () => {
    const options = { baseUrl, adminEmail: ADMIN.email, adminPassword: ADMIN.password };
    await expect(seedDemoData(options)).rejects.toThrow(/REGISTER_LIMIT_PER_HOUR/);
    expect(accounts.size).toBe(5);

    registrationsLeft = 100;
    const lines: string[] = [];
    const outcome = await seedDemoData({ ...options, log: (line) => lines.push(line) });
    const expectedItems = DEMO_USERS.reduce((sum, user) => sum + user.items.length, 0);
    expect(outcome).toEqual({
      skipped: false,
      usersCreated: 7,
      usersApproved: 7,
      itemsCreated: expectedItems,
    });
    expect(lines[0]).toMatch(/7 users registered, 7 approved, 48 items listed/);

    const stored = await env.ctx.items.find().lean();
    expect(stored).toHaveLength(expectedItems);
    expect(stored.filter((item) => item.isSwapped)).toHaveLength(3);
    const photos = stored.flatMap((item) => item.photos);
    expect(photos.length).toBeGreaterThan(expectedItems);
    expect(photos.every((photo) => photo.state === 'ready')).toBe(true);
    // Newest first mixes people: the first listings come from different users.
    const newest = await env.ctx.items.find().sort({ createdAt: -1, _id: -1 }).limit(12).lean();
    expect(new Set(newest.map((item) => item.userId.toHexString())).size).toBe(12);

    const again = await seedDemoData(options);
    expect(again).toEqual({ skipped: true, usersCreated: 0, usersApproved: 0, itemsCreated: 0 });
    expect(await env.ctx.items.countDocuments()).toBe(expectedItems);
  });
});
