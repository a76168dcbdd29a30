import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterSchema } from '@nomadswap/contracts/auth';
import { CATEGORIES, LIMITS, PRESET_CITIES } from '@nomadswap/contracts/enums';
import { ItemCreateSchema } from '@nomadswap/contracts/items';
import { createRateLimiter } from '@nomadswap/service-kit/rate-limit';
import { ensureAdminAccount } from '@nomadswap/auth/domain/ensure-admin-account';
import { startAuthAndItems, type AuthAndItems } from '../test/support/auth-and-items';
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

/** The seed against the real auth and items apps (registration limit, avatars, approval and all). */
describe('seedDemoData', () => {
  let stack: AuthAndItems;
  const ADMIN = { email: 'admin@nomadswap.local', password: 'admin-secret' };

  beforeAll(async () => {
    stack = await startAuthAndItems({
      auth: { registerLimitPerHour: 5 },
      items: { imageWaitMs: 5_000 },
    });
    await ensureAdminAccount(stack.auth.ctx, ADMIN);
  });
  afterAll(() => stack.close());

  it('stops with a clear message at the registration limit, then resumes and completes, then changes nothing', async () => {
    const options = { baseUrl: stack.baseUrl, adminEmail: ADMIN.email, adminPassword: ADMIN.password };
    await expect(seedDemoData(options)).rejects.toThrow(/REGISTER_LIMIT_PER_HOUR/);
    const users = stack.auth.models.users;
    expect(await users.countDocuments({ role: 'user' })).toBe(5);

    // The operator raises REGISTER_LIMIT_PER_HOUR (as the message says) and restarts auth.
    stack.auth.ctx.limits.register = createRateLimiter({
      redis: stack.auth.stores.redis,
      keyPrefix: `${stack.auth.stores.keyPrefix}rl:auth:register-raised`,
      points: 100,
      durationSeconds: 3_600,
    });
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
    expect(await users.countDocuments({ role: 'user', isApproved: true })).toBe(DEMO_USERS.length);
    const avatars = await users.find({ role: 'user' }).select({ avatar: 1 }).lean();
    expect(avatars.every((user) => typeof user.avatar === 'string' && user.avatar.length > 0)).toBe(true);

    const items = stack.items.ctx.items;
    const stored = await items.find().lean();
    expect(stored).toHaveLength(expectedItems);
    expect(stored.filter((item) => item.isSwapped)).toHaveLength(3);
    const photos = stored.flatMap((item) => item.photos);
    expect(photos.length).toBeGreaterThan(expectedItems);
    expect(photos.every((photo) => photo.state === 'ready')).toBe(true);
    // Newest first mixes people: the first listings come from different users.
    const newest = await items.find().sort({ createdAt: -1, _id: -1 }).limit(12).lean();
    expect(new Set(newest.map((item) => item.userId.toHexString())).size).toBe(12);
    // A visitor's preview of the 48 demo items is exactly the six newest.
    const preview = await fetch(`${stack.baseUrl}/api/items`);
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as unknown[]).length).toBe(LIMITS.visitorPreviewItems);

    const again = await seedDemoData(options);
    expect(again).toEqual({ skipped: true, usersCreated: 0, usersApproved: 0, itemsCreated: 0 });
    expect(await items.countDocuments()).toBe(expectedItems);
    expect(await users.countDocuments({ role: 'user' })).toBe(DEMO_USERS.length);
  });
});
