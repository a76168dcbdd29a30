import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal128, Long, MongoClient, type MongoServerError, ObjectId } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index';
import { exited, spawnCli, usingRealMongo } from './helpers';

// These tests exercise the engine's own data directory, so they only make sense against the embedded engine.
const engineOnly = it.skipIf(usingRealMongo);

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` against an engine on `dbPath`, then stops it. */
async function withEngine<T>(
  dbPath: string,
  fn: (client: MongoClient, logs: string[]) => Promise<T>,
  extra: { compactionThresholdBytes?: number } = {},
): Promise<T> {
  const logs: string[] = [];
  const server = await startEmbeddedMongo({ port: 0, dbPath, log: (l) => logs.push(l), ...extra });
  const client = await new MongoClient(server.uri).connect();
  try {
    return await fn(client, logs);
  } finally {
    await client.close();
    await server.stop();
  }
}

describe('persistence', () => {
  engineOnly('keeps documents, updates, deletes, types and indexes across a restart', async () => {
    const dir = tempDir();
    const oid = new ObjectId();
    await withEngine(dir, async (client) => {
      const db = client.db('app');
      await db.collection('users').createIndex({ email: 1 }, { unique: true });
      await db.collection('users').insertMany([
        {
          _id: oid,
          email: 'a@x.io',
          n: 1,
          long: Long.fromString('9007199254740993'),
          dec: Decimal128.fromString('0.1'),
          at: new Date(5),
        },
        { email: 'b@x.io', n: 2 },
        { email: 'c@x.io', n: 3 },
      ]);
      await db.collection('users').updateOne({ email: 'a@x.io' }, { $inc: { n: 10 } });
      await db.collection('users').deleteOne({ email: 'c@x.io' });
      await db.collection('scratch').insertOne({ x: 1 });
      await db.collection('scratch').drop();
      await db.collection('old').insertOne({ moved: true });
      await db.renameCollection('old', 'new');
    });
    await withEngine(dir, async (client) => {
      const users = client.db('app').collection('users');
      expect(await users.countDocuments()).toBe(2);
      const a = await users.findOne({ _id: oid });
      expect(a?.n).toBe(11);
      expect(a?.long.toString()).toBe('9007199254740993');
      expect(a?.dec.toString()).toBe('0.1');
      expect(a?.at).toEqual(new Date(5));
      expect(await users.findOne({ email: 'c@x.io' })).toBeNull();
      expect((await users.indexes()).map((i) => i.name)).toEqual(['_id_', 'email_1']);
      expect(
        ((await users.insertOne({ email: 'b@x.io' }).catch((e: unknown) => e)) as MongoServerError).code,
      ).toBe(11000);
      const names = (await client.db('app').listCollections().toArray()).map((c) => c.name).sort();
      expect(names).toEqual(['new', 'users']);
    });
  });

  engineOnly('ignores a torn last journal record with a warning and keeps appending cleanly', async () => {
    const dir = tempDir();
    await withEngine(dir, async (client) => {
      await client
        .db('app')
        .collection('c')
        .insertMany([{ i: 1 }, { i: 2 }]);
    });
    // A crash in the middle of a write leaves a header promising more bytes than were written.
    const torn = Buffer.alloc(12);
    torn.writeUInt32LE(500, 0);
    fs.appendFileSync(path.join(dir, 'journal.log'), torn);
    await withEngine(dir, async (client, logs) => {
      expect(logs.some((l) => /WARNING journal ended with a torn or corrupt record/.test(l))).toBe(true);
      expect(await client.db('app').collection('c').countDocuments()).toBe(2);
      await client.db('app').collection('c').insertOne({ i: 3 });
    });
    await withEngine(dir, async (client, logs) => {
      expect(logs.some((l) => l.includes('WARNING'))).toBe(false);
      expect(await client.db('app').collection('c').countDocuments()).toBe(3);
    });
  });

  engineOnly('drops a last record whose checksum does not match', async () => {
    const dir = tempDir();
    await withEngine(dir, async (client) => {
      await client.db('app').collection('c').insertOne({ i: 1 });
      await client.db('app').collection('c').insertOne({ i: 2, marker: 'last' });
    });
    const file = path.join(dir, 'journal.log');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 0xff;
    fs.writeFileSync(file, bytes);
    await withEngine(dir, async (client, logs) => {
      expect(logs.some((l) => l.includes('WARNING'))).toBe(true);
      const docs = await client.db('app').collection('c').find().toArray();
      expect(docs.map((d) => d.i)).toEqual([1]);
    });
  });

  engineOnly('compacts the journal into a snapshot and restores from it', async () => {
    const dir = tempDir();
    await withEngine(
      dir,
      async (client, logs) => {
        const c = client.db('app').collection('c');
        await c.createIndex({ k: 1 }, { unique: true });
        for (let round = 0; round < 5; round++) {
          await c.insertMany(
            Array.from({ length: 500 }, (_, i) => ({ k: `${round}-${i}`, i, pad: 'p'.repeat(100) })),
          );
          await c.deleteMany({ i: { $mod: [2, 1] } });
        }
        await new Promise((r) => setTimeout(r, 50));
        expect(logs.some((l) => l.includes('compacted'))).toBe(true);
      },
      { compactionThresholdBytes: 64 * 1024 },
    );
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    await withEngine(dir, async (client) => {
      const c = client.db('app').collection('c');
      expect(await c.countDocuments()).toBe(5 * 250);
      expect(await c.countDocuments({ i: { $mod: [2, 1] } })).toBe(0);
      expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'k_1']);
      await c.insertOne({ k: 'after' });
      expect(((await c.insertOne({ k: 'after' }).catch((e: unknown) => e)) as MongoServerError).code).toBe(
        11000,
      );
    });
  });

  engineOnly('keeps every acknowledged write after kill -9 of the CLI', async () => {
    const dir = tempDir();
    const first = await spawnCli(['--dbpath', dir]);
    const client = await new MongoClient(first.uri).connect();
    const c = client.db('app').collection('orders');
    await c.createIndex({ ref: 1 }, { unique: true });
    for (let i = 0; i < 200; i++) await c.insertOne({ ref: `single-${i}` });
    await c.insertMany(Array.from({ length: 2000 }, (_, i) => ({ ref: `batch-${i}` })));
    await c.updateMany({ ref: { $regex: '^single-1' } }, { $set: { touched: true } });
    await c.deleteOne({ ref: 'batch-0' });
    const touched = await c.countDocuments({ touched: true });
    first.child.kill('SIGKILL');
    expect((await exited(first.child)).signal).toBe('SIGKILL');
    await client.close(true);

    const second = await spawnCli(['--dbpath', dir]);
    const again = await new MongoClient(second.uri).connect();
    try {
      const c2 = again.db('app').collection('orders');
      expect(await c2.countDocuments()).toBe(2199);
      expect(await c2.countDocuments({ touched: true })).toBe(touched);
      expect(await c2.findOne({ ref: 'batch-0' })).toBeNull();
      expect(
        ((await c2.insertOne({ ref: 'single-5' }).catch((e: unknown) => e)) as MongoServerError).code,
      ).toBe(11000);
    } finally {
      await again.close();
      second.child.kill('SIGTERM');
      const { code } = await exited(second.child);
      expect(code).toBe(0);
    }
  });

  engineOnly('stops cleanly on SIGTERM and prints the listening line', async () => {
    const dir = tempDir();
    const cli = await spawnCli(['--dbpath', dir]);
    expect(cli.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    const client = await new MongoClient(cli.uri).connect();
    await client.db('app').collection('c').insertOne({ ok: true });
    await client.close();
    cli.child.kill('SIGTERM');
    expect((await exited(cli.child)).code).toBe(0);
    await withEngine(dir, async (c) => {
      expect(await c.db('app').collection('c').countDocuments({ ok: true })).toBe(1);
    });
  });

  engineOnly('refuses a second engine on a data directory that is in use', async () => {
    const dir = tempDir();
    const first = await startEmbeddedMongo({ port: 0, dbPath: dir, log: () => {} });
    try {
      await expect(startEmbeddedMongo({ port: 0, dbPath: dir, log: () => {} })).rejects.toThrow(
        /in use by another embedded-mongo instance/,
      );
    } finally {
      await first.stop();
    }
    const reopened = await startEmbeddedMongo({ port: 0, dbPath: dir, log: () => {} });
    await reopened.stop();
  });

  engineOnly('keeps nothing on disk without a dbPath', async () => {
    const server = await startEmbeddedMongo({ port: 0, log: () => {} });
    const client = await new MongoClient(server.uri).connect();
    await client.db('mem').collection('c').insertOne({ x: 1 });
    await client.close();
    await server.stop();
    const next = await startEmbeddedMongo({ port: 0, log: () => {} });
    const client2 = await new MongoClient(next.uri).connect();
    try {
      expect(await client2.db('mem').collection('c').countDocuments()).toBe(0);
    } finally {
      await client2.close();
      await next.stop();
    }
  });
});
