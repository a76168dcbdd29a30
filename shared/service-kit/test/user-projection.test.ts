import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import { connectMongo } from '../src/mongo';
import { TOMBSTONE_VERSION } from '../src/projection';
import {
  tombstoneUserSummary,
  upsertUserSummary,
  userSummaryFields,
  userSummarySchemaFields,
} from '../src/user-projection';
import { silentLogger } from './redis-helpers';

/** A service's user summary: the shared fields plus one of its own (`rating`). */
const summarySchema = new Schema(
  { ...userSummarySchemaFields(), rating: { type: Number, default: 0 } },
  { versionKey: false },
);

let conn: Connection;
let summaries: Model<Record<string, unknown>>;

beforeAll(async () => {
  conn = await connectMongo({
    url: inject('mongoUrl'),
    dbName: `kit_user_projection_${randomBytes(4).toString('hex')}`,
    logger: silentLogger,
  });
  summaries = conn.model('UserSummary', summarySchema) as unknown as Model<Record<string, unknown>>;
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

const newUserId = () => randomBytes(12).toString('hex');

function userEvent(id: string, version: number, overrides: Partial<UserEventData> = {}): UserEventData {
  return {
    id,
    version,
    username: 'ana',
    fullName: 'Ana Ribeiro',
    avatar: null,
    email: 'ana@example.com',
    language: 'pt',
    location: 'Lisbon',
    rating: 4.5,
    reviewCount: 2,
    isApproved: true,
    role: 'user',
    ...overrides,
  } as UserEventData;
}

const stored = (id: string) => summaries.findById(id).lean();

describe('userSummaryFields', () => {
  it('keeps the names, avatar, approval, role, e-mail and language, and nothing only one service needs', () => {
    expect(userSummaryFields(userEvent('a'.repeat(24), 1))).toEqual({
      username: 'ana',
      fullName: 'Ana Ribeiro',
      avatar: null,
      isApproved: true,
      role: 'user',
      email: 'ana@example.com',
      language: 'pt',
    });
  });

  it('leaves out an e-mail and language the event does not carry (an older publisher)', () => {
    const fields = userSummaryFields(userEvent('a'.repeat(24), 1, { email: undefined, language: undefined }));
    expect(fields).not.toHaveProperty('email');
    expect(fields).not.toHaveProperty('language');
  });
});

describe('upsertUserSummary', () => {
  it("stores the shared fields with the service's own, and a newer version replaces them", async () => {
    const id = newUserId();
    expect(await upsertUserSummary(summaries, userEvent(id, 1), { rating: 4.5 })).toBe(true);
    expect(await stored(id)).toMatchObject({ username: 'ana', rating: 4.5, version: 1, deleted: false });
    expect(await upsertUserSummary(summaries, userEvent(id, 2, { fullName: 'Ana R.' }), { rating: 5 })).toBe(
      true,
    );
    expect(await stored(id)).toMatchObject({ fullName: 'Ana R.', rating: 5, version: 2 });
  });

  it('ignores the same or an older version (late or redelivered events)', async () => {
    const id = newUserId();
    await upsertUserSummary(summaries, userEvent(id, 3, { fullName: 'Now' }));
    expect(await upsertUserSummary(summaries, userEvent(id, 3, { fullName: 'Again' }))).toBe(false);
    expect(await upsertUserSummary(summaries, userEvent(id, 2, { fullName: 'Before' }))).toBe(false);
    expect(await stored(id)).toMatchObject({ fullName: 'Now', version: 3 });
  });

  it('keeps a known e-mail when a newer event has none', async () => {
    const id = newUserId();
    await upsertUserSummary(summaries, userEvent(id, 1));
    await upsertUserSummary(summaries, userEvent(id, 2, { email: undefined, language: undefined }));
    expect(await stored(id)).toMatchObject({ email: 'ana@example.com', language: 'pt', version: 2 });
  });
});

describe('tombstoneUserSummary', () => {
  it("blanks what names or reaches the user, with the service's own blanks, and no late event brings it back", async () => {
    const id = newUserId();
    await upsertUserSummary(summaries, userEvent(id, 1), { rating: 4.5 });
    await tombstoneUserSummary(summaries, id, { rating: 0 });
    const expected = {
      username: '',
      fullName: '',
      avatar: null,
      isApproved: false,
      email: null,
      language: null,
      rating: 0,
      deleted: true,
      version: TOMBSTONE_VERSION,
    };
    expect(await stored(id)).toMatchObject(expected);
    expect(await upsertUserSummary(summaries, userEvent(id, 99))).toBe(false);
    await tombstoneUserSummary(summaries, id, { rating: 0 });
    expect(await stored(id)).toMatchObject(expected);
  });

  it('writes a tombstone for a user never seen, so their first event arriving late is ignored', async () => {
    const id = newUserId();
    await tombstoneUserSummary(summaries, id);
    expect(await upsertUserSummary(summaries, userEvent(id, 1))).toBe(false);
    expect(await stored(id)).toMatchObject({ username: '', deleted: true });
  });

  it("a summary stored with the shared schema has its defaults: not approved, a 'user', no e-mail", async () => {
    const id = newUserId();
    await summaries.create({ _id: id, version: 1 });
    expect(await stored(id)).toMatchObject({
      username: '',
      fullName: '',
      avatar: null,
      isApproved: false,
      role: 'user',
      email: null,
      language: null,
      rating: 0,
      deleted: false,
    });
    await expect(summaries.create({ _id: newUserId(), version: 1, role: 'owner' })).rejects.toThrow(/role/);
  });
});
