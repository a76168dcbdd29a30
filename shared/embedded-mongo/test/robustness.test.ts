import net from 'node:net';
import { type Document, deserialize, serialize } from 'bson';
import { MongoClient, type MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, hostPort, startTestServer, uniqueDbName, usingRealMongo } from './helpers';

let server: TestServer;
let client: MongoClient;
let dbName: string;

beforeAll(async () => {
  server = await startTestServer();
  client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  dbName = uniqueDbName('robust');
});

afterAll(async () => {
  await client?.db(dbName).dropDatabase();
  await client?.close();
  await server?.stop();
});

interface RawOutcome {
  /** Complete reply messages received. */
  replies: Buffer[];
  /** Whether the server closed the connection. */
  closed: boolean;
}

/** Splits a byte stream into complete wire messages. */
function splitMessages(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let off = 0;
  while (off + 4 <= data.length && off + data.readInt32LE(off) <= data.length) {
    out.push(data.subarray(off, off + data.readInt32LE(off)));
    off += data.readInt32LE(off);
  }
  return out;
}

/**
 * Sends bytes on a fresh socket and collects replies until `expectReplies` arrived, the server closed the
 * connection, or `waitMs` passed.
 */
function raw(
  send: (socket: net.Socket) => void,
  waitMs = 1500,
  expectReplies = Infinity,
): Promise<RawOutcome> {
  const { host, port } = hostPort(server.uri);
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let data = Buffer.alloc(0);
    let closed = false;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ replies: splitMessages(data), closed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (d) => {
      data = Buffer.concat([data, d]);
      if (splitMessages(data).length >= expectReplies) finish();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', () => send(socket));
  });
}

function opMsg(sections: Buffer[], requestId = 7): Buffer {
  const body = Buffer.concat([Buffer.alloc(4), ...sections]); // flagBits = 0
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + body.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  return Buffer.concat([header, body]);
}

function kind0(doc: Document): Buffer {
  return Buffer.concat([Buffer.from([0]), serialize(doc)]);
}

/** A BSON document `{ s: <n bytes of 'x'> }` built by hand, since bson's serializer caps documents at 17 MB. */
function bigStringDoc(n: number): Buffer {
  const total = 4 + 1 + 2 + 4 + n + 1 + 1;
  const b = Buffer.alloc(total, 'x');
  b.writeInt32LE(total, 0);
  b[4] = 0x02;
  b.write('s\0', 5, 'latin1');
  b.writeInt32LE(n + 1, 7);
  b[11 + n] = 0;
  b[12 + n] = 0;
  return b;
}

function replyBody(reply: Buffer): Document {
  const opCode = reply.readInt32LE(12);
  // OP_MSG: header(16) + flags(4) + kind(1); OP_REPLY: header(16) + 20 bytes of reply fields.
  return deserialize(reply.subarray(opCode === 2013 ? 21 : 36));
}

/** The server refused the message: an error reply (ok 0), or no reply and a closed connection. */
function refusedOrClosed(out: { replies: unknown[]; closed: boolean }): boolean {
  return out.replies.length > 0 ? replyBody(out.replies[0] as Buffer).ok === 0 : out.closed;
}

async function driverStillWorks(): Promise<void> {
  const fresh = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await fresh.connect();
    const coll = fresh.db(dbName).collection('alive');
    const { insertedId } = await coll.insertOne({ at: new Date() });
    expect(await coll.findOne({ _id: insertedId })).not.toBeNull();
  } finally {
    await fresh.close();
  }
  expect((await client.db(dbName).command({ ping: 1 })).ok).toBe(1);
}

describe('wire robustness', () => {
  it('answers a well-formed raw OP_MSG ping', async () => {
    const out = await raw((s) => s.write(opMsg([kind0({ ping: 1, $db: 'admin' })])), 5000, 1);
    expect(out.replies).toHaveLength(1);
    expect(replyBody(out.replies[0] as Buffer).ok).toBe(1);
  });

  it('answers the legacy OP_QUERY isMaster handshake with OP_REPLY', async () => {
    const ns = Buffer.from('admin.$cmd\0');
    const q = serialize({ isMaster: 1 });
    const body = Buffer.concat([Buffer.alloc(4), ns, Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), q]);
    const header = Buffer.alloc(16);
    header.writeInt32LE(16 + body.length, 0);
    header.writeInt32LE(99, 4);
    header.writeInt32LE(2004, 12);
    const out = await raw((s) => s.write(Buffer.concat([header, body])), 5000, 1);
    expect(out.replies).toHaveLength(1);
    const reply = out.replies[0] as Buffer;
    expect(reply.readInt32LE(12)).toBe(1);
    expect(reply.readInt32LE(8)).toBe(99);
    expect(replyBody(reply).ismaster).toBe(true);
  });

  it('closes a connection sending garbage and keeps serving others', async () => {
    const out = await raw((s) =>
      s.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n' + 'garbage'.repeat(100))),
    );
    expect(out.closed).toBe(true);
    expect(out.replies).toHaveLength(0);
    await driverStillWorks();
  });

  it('closes a connection announcing a message over maxMessageSizeBytes', async () => {
    const header = Buffer.alloc(16);
    header.writeInt32LE(60 * 1024 * 1024, 0);
    header.writeInt32LE(2013, 12);
    const out = await raw((s) => s.write(header));
    expect(out.closed).toBe(true);
    await driverStillWorks();
  });

  it('refuses a 17 MB message carrying a document over 16 MB, politely', async () => {
    const seq = Buffer.concat([Buffer.from('documents\0'), bigStringDoc(17 * 1024 * 1024)]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + seq.length, 0);
    const msg = opMsg([kind0({ insert: 'big', $db: dbName }), Buffer.concat([Buffer.from([1]), size, seq])]);
    expect(msg.length).toBeGreaterThan(17 * 1024 * 1024);
    const out = await raw((s) => s.write(msg), 10_000, 1);
    // mongod and the engine either answer with an error or drop the connection; neither stores the document.
    expect(refusedOrClosed(out)).toBe(true);
    expect(await client.db(dbName).collection('big').countDocuments()).toBe(0);
    await driverStillWorks();
  });

  it('survives a client that disconnects mid-message', async () => {
    const full = opMsg([kind0({ insert: 'partial', documents: [{ a: 1 }], $db: dbName })]);
    await raw((s) => {
      s.write(full.subarray(0, 30));
      setTimeout(() => s.destroy(), 50);
    }, 300);
    expect(await client.db(dbName).collection('partial').countDocuments()).toBe(0);
    await driverStillWorks();
  });

  it('rejects BSON that is malformed inside a valid frame', async () => {
    const doc = Buffer.from(serialize({ ping: 1, $db: 'admin' }));
    doc.writeInt32LE(doc.length + 40, 0); // claims to run past the end of the message
    const out = await raw((s) => s.write(opMsg([Buffer.concat([Buffer.from([0]), doc])])), 1500, 1);
    // mongod may answer with an error instead of disconnecting (it must not run the command either way); the
    // engine disconnects and logs why.
    expect(usingRealMongo ? refusedOrClosed(out) : out.closed).toBe(true);
    expect(usingRealMongo || server.logs.some((l) => l.includes('closing connection'))).toBe(true);
    await driverStillWorks();
  });

  it('answers unacknowledged (w:0) writes without a reply and applies them', async () => {
    const coll = client.db(dbName).collection('w0');
    await coll.insertOne({ fire: 'forget' }, { writeConcern: { w: 0 } });
    const ok = await (async () => {
      for (let i = 0; i < 50; i++) {
        if ((await coll.countDocuments()) === 1) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    })();
    expect(ok).toBe(true);
  });
});

describe('concurrency', () => {
  it('loses nothing in a burst of 10,000 inserts from 50 connections', async () => {
    const clients = await Promise.all(
      Array.from({ length: 50 }, () =>
        new MongoClient(server.uri, { maxPoolSize: 1, serverSelectionTimeoutMS: 5000 }).connect(),
      ),
    );
    try {
      await Promise.all(
        clients.map(async (c, worker) => {
          const coll = c.db(dbName).collection('burst');
          for (let i = 0; i < 200; i++) await coll.insertOne({ worker, i });
        }),
      );
      const coll = client.db(dbName).collection('burst');
      expect(await coll.countDocuments()).toBe(10_000);
      expect((await coll.distinct('_id')).length).toBe(10_000);
      const perWorker = await coll
        .aggregate<{ n: number }>([{ $group: { _id: '$worker', n: { $sum: 1 } } }])
        .toArray();
      expect(perWorker).toHaveLength(50);
      expect(perWorker.every((w) => w.n === 200)).toBe(true);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('lets exactly one of many concurrent inserts win a unique key', async () => {
    const coll = client.db(dbName).collection('race');
    await coll.createIndex({ key: 1 }, { unique: true });
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => new MongoClient(server.uri, { maxPoolSize: 1 }).connect()),
    );
    try {
      const results = await Promise.allSettled(
        clients.map((c, i) => c.db(dbName).collection('race').insertOne({ key: 'same', by: i })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected.every((r) => (r.reason as MongoServerError).code === 11000)).toBe(true);
      expect(await coll.countDocuments({ key: 'same' })).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
