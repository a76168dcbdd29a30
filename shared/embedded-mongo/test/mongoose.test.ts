import mongoose, { type Connection, Schema, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer, uniqueDbName } from './helpers';

let server: TestServer;
let conn: Connection;

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true },
    handle: { type: String },
    // A sparse unique field: many users without a phone, but no two with the same one.
    phone: { type: String, unique: true, sparse: true },
    avatar: Buffer,
    balance: Schema.Types.Decimal128,
    tags: [String],
    profile: { city: String, visits: { type: Number, default: 0 } },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// Unique only among active users (partial index), as soft-delete schemas declare.
userSchema.index(
  { handle: 1 },
  { unique: true, partialFilterExpression: { handle: { $exists: true }, deleted: false } },
);

const itemSchema = new Schema({
  owner: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  title: String,
  price: Number,
  status: { type: String, enum: ['open', 'swapped'], default: 'open' },
});
itemSchema.index({ owner: 1, title: 1 }, { unique: true });

beforeAll(async () => {
  server = await startTestServer();
  conn = await mongoose
    .createConnection(server.uri, { dbName: uniqueDbName('mongoose'), serverSelectionTimeoutMS: 5000 })
    .asPromise();
  conn.model('User', userSchema);
  conn.model('Item', itemSchema);
  await Promise.all([conn.model('User').init(), conn.model('Item').init()]);
});

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
  await server?.stop();
});

describe('mongoose models', () => {
  it('builds the declared indexes on init (autoIndex)', async () => {
    const indexes = await conn.model('User').listIndexes();
    const byName = Object.fromEntries(indexes.map((i) => [i.name, i]));
    expect(byName.email_1?.unique).toBe(true);
    expect(byName.phone_1?.sparse).toBe(true);
    expect(byName.handle_1?.partialFilterExpression).toEqual({ handle: { $exists: true }, deleted: false });
    const itemIndexes = await conn.model('Item').listIndexes();
    expect(itemIndexes.find((i) => i.name === 'owner_1_title_1')?.unique).toBe(true);
  });

  it('initializes the same models again on an existing database (a service restart)', async () => {
    const second = await mongoose
      .createConnection(server.uri, { dbName: conn.name, serverSelectionTimeoutMS: 5000 })
      .asPromise();
    try {
      // Re-running autoCreate/autoIndex meets NamespaceExists and existing indexes; init must still succeed.
      await second.model('User', userSchema).init();
      await second.model('Item', itemSchema).init();
      expect((await second.model('User').listIndexes()).map((i) => i.name).sort()).toEqual([
        '_id_',
        'email_1',
        'handle_1',
        'phone_1',
      ]);
    } finally {
      await second.close();
    }
  });

  it('creates, reads and updates documents with timestamps, defaults, Buffers and Decimal128', async () => {
    const User = conn.model('User');
    const u = await User.create({
      email: 'ANA@x.io',
      handle: 'ana',
      avatar: Buffer.from('png!'),
      balance: '10.25',
      tags: ['a'],
    });
    expect(u.email).toBe('ana@x.io');
    const found = await User.findById(u._id).lean<Record<string, unknown>>();
    expect(found?.email).toBe('ana@x.io');
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect((found?.profile as { visits: number }).visits).toBe(0);
    expect(Buffer.from((found?.avatar as { buffer: Uint8Array }).buffer).toString()).toBe('png!');
    expect(String(found?.balance)).toBe('10.25');

    const doc = await User.findOne({ email: 'ana@x.io' });
    if (!doc) throw new Error('not found');
    doc.set('profile.city', 'Lisbon');
    doc.get('tags').push('b');
    await doc.save();
    const reread = await User.findById(u._id).lean<{
      profile: { city: string };
      tags: string[];
      __v: number;
    }>();
    expect(reread?.profile.city).toBe('Lisbon');
    expect(reread?.tags).toEqual(['a', 'b']);
  });

  it('surfaces duplicate keys as code 11000 with keyPattern and keyValue', async () => {
    const User = conn.model('User');
    await User.create({ email: 'dup@x.io' });
    const err = (await User.create({ email: 'DUP@x.io' }).catch((e: unknown) => e)) as {
      code?: number;
      keyPattern?: unknown;
      keyValue?: unknown;
    };
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'dup@x.io' });
  });

  it('honours sparse and partial unique indexes', async () => {
    const User = conn.model('User');
    await User.create({ email: 'p1@x.io' });
    await User.create({ email: 'p2@x.io' });
    await User.create({ email: 'p3@x.io', phone: '+351' });
    const phoneDup = (await User.create({ email: 'p4@x.io', phone: '+351' }).catch((e: unknown) => e)) as {
      code?: number;
    };
    expect(phoneDup.code).toBe(11000);

    await User.create({ email: 'h1@x.io', handle: 'taken' });
    const handleDup = (await User.create({ email: 'h2@x.io', handle: 'taken' }).catch((e: unknown) => e)) as {
      code?: number;
    };
    expect(handleDup.code).toBe(11000);
    await User.updateOne({ handle: 'taken' }, { $set: { deleted: true } });
    await expect(User.create({ email: 'h3@x.io', handle: 'taken' })).resolves.toBeTruthy();
  });

  it('enforces compound unique indexes through the model', async () => {
    const User = conn.model('User');
    const Item = conn.model('Item');
    const owner = await User.create({ email: 'owner@x.io' });
    await Item.create({ owner: owner._id, title: 'bike', price: 100 });
    await Item.create({ owner: new Types.ObjectId(), title: 'bike', price: 90 });
    const err = (await Item.create({ owner: owner._id, title: 'bike', price: 1 }).catch(
      (e: unknown) => e,
    )) as { code?: number; keyValue?: Record<string, unknown> };
    expect(err.code).toBe(11000);
    expect(String(err.keyValue?.owner)).toBe(String(owner._id));
  });

  it('populates references', async () => {
    const User = conn.model('User');
    const Item = conn.model('Item');
    const owner = await User.create({ email: 'pop@x.io', handle: 'pop' });
    await Item.create([
      { owner: owner._id, title: 'lamp', price: 5 },
      { owner: owner._id, title: 'desk', price: 50 },
    ]);
    const items = await Item.find({ owner: owner._id })
      .sort({ price: 1 })
      .populate('owner')
      .lean<{ title: string; owner: { email: string } }[]>();
    expect(items.map((i) => i.title)).toEqual(['lamp', 'desk']);
    expect(items[0]?.owner.email).toBe('pop@x.io');
  });

  it('runs findOneAndUpdate with returnDocument and upsert', async () => {
    const User = conn.model('User');
    await User.create({ email: 'f@x.io', profile: { visits: 1 } });
    const before = await User.findOneAndUpdate(
      { email: 'f@x.io' },
      { $inc: { 'profile.visits': 1 } },
      { returnDocument: 'before' },
    ).lean<{ profile: { visits: number } }>();
    expect(before?.profile.visits).toBe(1);
    const after = await User.findOneAndUpdate(
      { email: 'f@x.io' },
      { $inc: { 'profile.visits': 1 } },
      { returnDocument: 'after' },
    ).lean<{ profile: { visits: number } }>();
    expect(after?.profile.visits).toBe(3);
    const created = await User.findOneAndUpdate(
      { email: 'new@x.io' },
      { $set: { handle: 'newbie' } },
      { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
    ).lean<{
      email: string;
      handle: string;
      profile: { visits: number };
    }>();
    expect(created?.email).toBe('new@x.io');
    expect(created?.handle).toBe('newbie');
    expect(created?.profile.visits).toBe(0);
  });

  it('counts and aggregates', async () => {
    const Item = conn.model('Item');
    const owner = new Types.ObjectId();
    await Item.insertMany([
      { owner, title: 'a', price: 10, status: 'open' },
      { owner, title: 'b', price: 20, status: 'swapped' },
      { owner, title: 'c', price: 30, status: 'open' },
    ]);
    expect(await Item.countDocuments({ owner })).toBe(3);
    expect(await Item.countDocuments({ owner, status: 'open' })).toBe(2);
    const grouped = await Item.aggregate<{ _id: string; total: number }>([
      { $match: { owner } },
      { $group: { _id: '$status', total: { $sum: '$price' } } },
      { $sort: { _id: 1 } },
    ]);
    expect(grouped).toEqual([
      { _id: 'open', total: 40 },
      { _id: 'swapped', total: 20 },
    ]);
  });

  it('deletes through the model and syncIndexes is a no-op when nothing changed', async () => {
    const Item = conn.model('Item');
    const owner = new Types.ObjectId();
    await Item.create({ owner, title: 'gone', price: 1 });
    expect((await Item.deleteOne({ owner, title: 'gone' })).deletedCount).toBe(1);
    expect(await Item.syncIndexes()).toEqual([]);
  });

  it('runs mongoose transactions where the server allows them', async () => {
    const admin = await conn.db?.admin().command({ hello: 1 });
    const User = conn.model('User');
    const run = conn.transaction(async (session) => {
      await User.create([{ email: 'tx@x.io' }], { session });
    });
    const accepts = !(process.env.MONGO_URL && !admin?.setName);
    const outcome = await run.then(
      () => 'committed',
      () => 'refused',
    );
    expect(outcome).toBe(accepts ? 'committed' : 'refused');
    expect(await User.countDocuments({ email: 'tx@x.io' })).toBe(accepts ? 1 : 0);
  });
});
