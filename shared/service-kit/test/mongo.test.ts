import { randomBytes } from 'node:crypto';
import express from 'express';
import { Schema, type Connection } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorHandler } from '../src/errors';
import { connectMongo, pingMongo, toApiObject } from '../src/mongo';
import { silentLogger } from './redis-helpers';

const photoSchema = new Schema({ url: String });
const userSchema = new Schema(
  {
    username: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    ownerId: { type: Schema.Types.ObjectId },
    photos: [photoSchema],
  },
  { timestamps: true },
);
const userModel = (connection: Connection) => connection.model('User', userSchema);

let conn: Connection;
let users: ReturnType<typeof userModel>;
const User = () => users;

beforeAll(async () => {
  conn = await connectMongo({
    url: inject('mongoUrl'),
    dbName: `kit_mongo_${randomBytes(4).toString('hex')}`,
    logger: silentLogger,
  });
  users = userModel(conn);
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

describe('connectMongo', () => {
  it('answers ping when connected', async () => {
    expect(await pingMongo(conn)).toBe(true);
  });

  it('when a document is serialised, it has a string id and neither _id nor __v, also in subdocuments', async () => {
    const ownerId = '6650a1b2c3d4e5f6a7b8c9d0';
    const doc = await User().create({
      username: 'ana',
      email: 'ana@x.io',
      ownerId,
      photos: [{ url: '/a.jpg' }],
    });
    const json = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
    expect(json.id).toBe(doc._id.toHexString());
    expect(json).not.toHaveProperty('_id');
    expect(json).not.toHaveProperty('__v');
    expect(json.ownerId).toBe(ownerId);
    expect(json.photos).toEqual([{ id: expect.stringMatching(/^[a-f0-9]{24}$/), url: '/a.jpg' }]);
    expect(doc.toObject()).not.toHaveProperty('_id');
  });

  it('when a lean document goes through toApiObject, it has the same shape', async () => {
    await User().create({ username: 'lean', email: 'lean@x.io', ownerId: '6650a1b2c3d4e5f6a7b8c9d1' });
    const lean = await User().findOne({ username: 'lean' }).lean().orFail();
    const api = toApiObject(lean);
    expect(api.id).toBe(String(lean._id));
    expect(api).not.toHaveProperty('_id');
    expect(api).not.toHaveProperty('__v');
    expect(api.ownerId).toBe('6650a1b2c3d4e5f6a7b8c9d1');
  });

  it('when a filter value smuggles a query operator, sanitizeFilter refuses it instead of matching', async () => {
    await User().create({ username: 'victim', email: 'victim@x.io' });
    const injected = { email: { $ne: null } } as unknown as { email: string };
    // Wrapped in $eq, the operator becomes a value that cannot be a string: a cast error (400), never a match.
    await expect(User().findOne(injected)).rejects.toMatchObject({ name: 'CastError', path: 'email' });
    expect(await User().findOne({ email: 'victim@x.io' })).not.toBeNull();
  });

  it('when a filter names an unknown path, strictQuery drops it instead of matching nothing', async () => {
    await User().create({ username: 'strict', email: 'strict@x.io' });
    const found = await User().findOne({ username: 'strict', isAdmin: true } as Record<string, unknown>);
    expect(found?.get('username')).toBe('strict');
  });

  it('when a unique field repeats, the error middleware answers 409 naming the field', async () => {
    await User().init();
    await User().create({ username: 'dup', email: 'dup1@x.io' });
    const app = express();
    app.post('/users', async (_req, res) => {
      await User().create({ username: 'dup', email: 'dup2@x.io' });
      res.status(201).end();
    });
    app.use(errorHandler);
    const res = await request(app).post('/users');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Username already exists',
      code: 'CONFLICT',
      details: [{ field: 'username', message: 'Username already exists' }],
    });
  });

  it('when an id cannot be cast, the error middleware answers 400', async () => {
    const app = express();
    app.get('/users/:id', async (req, res) => {
      res.json(await User().findById(req.params.id));
    });
    app.use(errorHandler);
    const res = await request(app).get('/users/not-an-id');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid _id', code: 'VALIDATION_ERROR' });
  });

  it('when the server cannot be reached, connect fails within the selection timeout and ping says false', async () => {
    const started = Date.now();
    await expect(
      connectMongo({ url: 'mongodb://127.0.0.1:1', dbName: 'nowhere', serverSelectionTimeoutMS: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('when the connection is closed, ping answers false at once', async () => {
    const other = await connectMongo({ url: inject('mongoUrl'), dbName: 'kit_ping_closed' });
    await other.close();
    const started = Date.now();
    expect(await pingMongo(other, 5_000)).toBe(false);
    // It did not wait for its 5 s timeout (with room to spare for a loaded machine).
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});
