import type { Collection, Document } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, rejection, usingRealMongo } from './helpers';

// The engine's rule: what it does not implement is an error the driver throws, never a different answer. Each test
// holds against a real MongoDB too (MONGO_URL): there the option works and the test checks MongoDB's answer; on the
// engine the same call must reject with NotImplemented (238) and a message naming what is refused.

const mongo = openTestDb('unsupported');
let names: Collection;

const ALICES = ['Alice', 'alice', 'ALICE'];

beforeEach(async () => {
  names = mongo.db.collection('names');
  await names.deleteMany({});
  await names.insertMany([
    { _id: 1, n: 'Alice', k: 1 },
    { _id: 2, n: 'alice', k: 2 },
    { _id: 3, n: 'ALICE', k: 3 },
    { _id: 4, n: 'bob', k: 4 },
  ] as unknown as Document[]);
});

/**
 * On a real MongoDB, `call` answers and `check` verifies the answer; on the engine it rejects with NotImplemented
 * (238) and a message matching `message`, and `unchanged` (when given) confirms nothing was written.
 */
async function refusedOnEngine<T>(
  call: () => Promise<T>,
  message: RegExp,
  check: (answer: T) => void | Promise<void>,
): Promise<void> {
  if (usingRealMongo) {
    await check(await call());
    return;
  }
  const err = await rejection(call());
  expect(err.code).toBe(238);
  expect(err.codeName).toBe('NotImplemented');
  expect(err.message).toMatch(message);
}

async function storedNames(): Promise<string[]> {
  return (await names.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d.n as string);
}

describe('collation', () => {
  const ci = { locale: 'en', strength: 2 };

  it('a case-insensitive find, count, distinct or aggregate is refused, not answered case-sensitively', async () => {
    await refusedOnEngine(
      () => names.find({ n: 'alice' }, { collation: ci }).toArray(),
      /collation .* not supported/,
      (docs) => expect(docs.map((d) => d.n).sort()).toEqual([...ALICES].sort()),
    );
    await refusedOnEngine(
      () => names.countDocuments({ n: 'alice' }, { collation: ci }),
      /collation/,
      (n) => expect(n).toBe(3),
    );
    await refusedOnEngine(
      () => mongo.db.command({ count: 'names', query: { n: 'alice' }, collation: ci }),
      /collation/,
      (r) => expect(r.n).toBe(3),
    );
    await refusedOnEngine(
      () => names.distinct('k', { n: 'ALICE' }, { collation: ci }),
      /collation/,
      (ks) => expect([...ks].sort()).toEqual([1, 2, 3]),
    );
    await refusedOnEngine(
      () => names.aggregate([{ $match: { n: 'alice' } }, { $count: 'n' }], { collation: ci }).toArray(),
      /collation/,
      (r) => expect(r).toEqual([{ n: 3 }]),
    );
    await refusedOnEngine(
      () => names.find({}, { collation: ci }).sort({ n: 1, _id: 1 }).toArray(),
      /collation/,
      (docs) => expect(docs.map((d) => d._id)).toEqual([1, 2, 3, 4]),
    );
  });

  it('a collated update, delete or findOneAndUpdate is refused and writes nothing', async () => {
    await refusedOnEngine(
      () => names.updateMany({ n: 'alice' }, { $set: { seen: true } }, { collation: ci }),
      /collation/,
      (r) => expect(r.modifiedCount).toBe(3),
    );
    await refusedOnEngine(
      () => names.findOneAndUpdate({ n: 'BOB' }, { $set: { seen: true } }, { collation: ci }),
      /collation/,
      (r) => expect(r?._id).toBe(4),
    );
    if (!usingRealMongo) expect(await names.countDocuments({ seen: true })).toBe(0);
    await refusedOnEngine(
      () => names.deleteMany({ n: 'alice' }, { collation: ci }),
      /collation/,
      (r) => expect(r.deletedCount).toBe(3),
    );
    if (!usingRealMongo) expect(await storedNames()).toEqual([...ALICES, 'bob']);
  });

  it('collation on a new collection or an index is refused', async () => {
    await refusedOnEngine(
      () => mongo.db.createCollection('collated', { collation: ci }),
      /collation/,
      async () => {
        await mongo.db.collection('collated').insertMany([{ n: 'Alice' }, { n: 'alice' }]);
        expect(await mongo.db.collection('collated').countDocuments({ n: 'ALICE' })).toBe(2);
      },
    );
    await refusedOnEngine(
      () => mongo.db.collection('ci_unique').createIndex({ n: 1 }, { unique: true, collation: ci }),
      /collation/,
      async () => {
        await mongo.db.collection('ci_unique').insertOne({ n: 'Alice' });
        const err = await rejection(mongo.db.collection('ci_unique').insertOne({ n: 'alice' }));
        expect(err.code).toBe(11000);
      },
    );
    if (!usingRealMongo) expect(await mongo.db.listCollections({ name: 'ci_unique' }).toArray()).toEqual([]);
  });

  it('the simple collation is binary comparison: the same answer as none', async () => {
    const simple = { locale: 'simple' };
    expect(await names.find({ n: 'alice' }, { collation: simple }).toArray()).toEqual(
      await names.find({ n: 'alice' }).toArray(),
    );
    expect(await names.countDocuments({ n: { $gte: 'a' } }, { collation: simple })).toBe(2);
  });
});

describe('let, $merge and other options the engine does not implement', () => {
  const byLet = { $expr: { $eq: ['$n', '$$who'] } };

  it('let is refused on find, aggregate, update, delete and findAndModify', async () => {
    await refusedOnEngine(
      () => names.find(byLet, { let: { who: 'bob' } }).toArray(),
      /let .* not supported/,
      (docs) => expect(docs.map((d) => d._id)).toEqual([4]),
    );
    await refusedOnEngine(
      () => names.aggregate([{ $match: byLet }], { let: { who: 'bob' } }).toArray(),
      /let/,
      (docs) => expect(docs.map((d) => d._id)).toEqual([4]),
    );
    await refusedOnEngine(
      () => names.aggregate([{ $project: { v: '$$who' } }], { let: { who: 'bob' } }).toArray(),
      /let/,
      (docs) => expect(docs.map((d) => d.v)).toEqual(['bob', 'bob', 'bob', 'bob']),
    );
    await refusedOnEngine(
      () => names.updateOne(byLet, { $set: { seen: true } }, { let: { who: 'bob' } }),
      /let/,
      (r) => expect(r.modifiedCount).toBe(1),
    );
    await refusedOnEngine(
      () => names.findOneAndDelete(byLet, { let: { who: 'bob' } }),
      /let/,
      (r) => expect(r?._id).toBe(4),
    );
    await refusedOnEngine(
      () => names.deleteMany(byLet, { let: { who: 'alice' } }),
      /let/,
      (r) => expect(r.deletedCount).toBe(1),
    );
    if (!usingRealMongo) expect(await storedNames()).toEqual([...ALICES, 'bob']);
  });

  it('$merge is refused, also inside $facet or $lookup, and $out only as the last stage', async () => {
    await refusedOnEngine(
      () => names.aggregate([{ $match: { k: 4 } }, { $merge: { into: 'merged' } }]).toArray(),
      /\$merge is not supported/,
      async () => expect(await mongo.db.collection('merged').countDocuments()).toBe(1),
    );
    if (!usingRealMongo) expect(await mongo.db.listCollections({ name: 'merged' }).toArray()).toEqual([]);
    const err = await rejection(names.aggregate([{ $out: 'outed' }, { $match: {} }]).toArray());
    expect(err.code).toBe(40601);
  });

  it('min/max bounds, returnKey, showRecordId, tailable and noCursorTimeout are refused', async () => {
    await names.createIndex({ k: 1 });
    await refusedOnEngine(
      () => names.find({}).hint({ k: 1 }).min({ k: 2 }).max({ k: 4 }).toArray(),
      /(min|max) \(index bounds\)/,
      (docs) => expect(docs.map((d) => d._id)).toEqual([2, 3]),
    );
    await refusedOnEngine(
      () => names.find({ k: 2 }).hint({ k: 1 }).returnKey(true).toArray(),
      /returnKey/,
      (docs) => expect(docs).toEqual([{ k: 2 }]),
    );
    await refusedOnEngine(
      () => names.find({ k: 2 }).showRecordId(true).toArray(),
      /showRecordId/,
      (docs) => expect(docs[0]).toHaveProperty('$recordId'),
    );
    await refusedOnEngine(
      () => names.find({ k: 2 }, { noCursorTimeout: true }).toArray(),
      /noCursorTimeout/,
      (docs) => expect(docs.map((d) => d._id)).toEqual([2]),
    );
    // A tailable cursor on an ordinary collection is an error on MongoDB as well (capped collections only).
    await rejection(mongo.db.command({ find: 'names', filter: {}, tailable: true }));
  });

  it('a field MongoDB does not know is its unknown-field error (40415)', async () => {
    const err = await rejection(mongo.db.command({ find: 'names', filter: {}, colation: { locale: 'en' } }));
    expect(err.code).toBe(40415);
    expect(err.message).toContain("BSON field 'find.colation' is an unknown field");
    const agg = await rejection(
      mongo.db.command({ aggregate: 'names', pipeline: [], cursor: {}, explian: true }),
    );
    expect(agg.code).toBe(40415);
    const upd = await rejection(
      mongo.db.command({ update: 'names', updates: [{ q: {}, u: { $set: { x: 1 } }, multy: true }] }),
    );
    expect(upd.code).toBe(40415);
    expect(await names.countDocuments({ x: 1 })).toBe(0);
  });

  it('an index option MongoDB does not know is its error (197)', async () => {
    const err = await rejection(
      mongo.db.command({ createIndexes: 'names', indexes: [{ key: { k: 1 }, name: 'k_1', uniqe: true }] }),
    );
    expect(err.code).toBe(197);
  });

  it('capped collections and validators are refused rather than created without their effect', async () => {
    await refusedOnEngine(
      () => mongo.db.createCollection('capped', { capped: true, size: 4096, max: 2 }),
      /capped/,
      async () => {
        await mongo.db.collection('capped').insertMany([{ i: 1 }, { i: 2 }, { i: 3 }]);
        expect(await mongo.db.collection('capped').countDocuments()).toBe(2);
      },
    );
    await refusedOnEngine(
      () => mongo.db.createCollection('validated', { validator: { n: { $type: 'string' } } }),
      /validator/,
      async () => {
        const err = await rejection(mongo.db.collection('validated').insertOne({ n: 1 }));
        expect(err.code).toBe(121);
      },
    );
  });
});

describe('more refusals: update constants, time-series collections, wildcard indexes', () => {
  it('are NotImplemented on the engine and work on MongoDB', async () => {
    await refusedOnEngine(
      () =>
        mongo.db.command({
          update: 'names',
          updates: [{ q: { _id: 4 }, u: [{ $set: { v: '$$x' } }], c: { x: 7 } }],
        }),
      /'c' \(constants/,
      (r) => expect(r.nModified).toBe(1),
    );
    if (!usingRealMongo) expect(await names.countDocuments({ v: { $exists: true } })).toBe(0);
    await refusedOnEngine(
      () => mongo.db.createCollection('series', { timeseries: { timeField: 't' } }),
      /time-series/,
      async () => {
        const info = await mongo.db.listCollections({ name: 'series' }).toArray();
        expect(info[0]?.type).toBe('timeseries');
      },
    );
    await refusedOnEngine(
      () => names.createIndex({ '$**': 1 }),
      /wildcard indexes/,
      (name) => expect(name).toBe('$**_1'),
    );
  });
});

describe('hint', () => {
  it('a hint naming no index is an error, as on MongoDB', async () => {
    const err = await rejection(names.find({ k: 1 }).hint({ nope: 1 }).toArray());
    expect(err.code).toBe(2);
    expect(err.message).toContain('hint provided does not correspond to an existing index');
    const upd = await rejection(names.updateOne({ k: 1 }, { $set: { x: 1 } }, { hint: 'nope_1' }));
    expect(upd.code).toBe(2);
    expect(await names.countDocuments({ x: 1 })).toBe(0);
  });

  it('a hint naming a plain index gives the same answer as none', async () => {
    await names.createIndex({ k: 1 });
    const filter = { k: { $gte: 2 } };
    expect(await names.find(filter).hint({ k: 1 }).sort({ _id: 1 }).toArray()).toEqual(
      await names.find(filter).sort({ _id: 1 }).toArray(),
    );
    expect(await names.countDocuments(filter, { hint: 'k_1' })).toBe(3);
    expect((await names.deleteMany({ k: 4 }, { hint: { k: 1 } })).deletedCount).toBe(1);
  });

  it('a hint naming a sparse or partial index is refused (MongoDB answers from its entries only)', async () => {
    await names.insertOne({ _id: 5, n: 'no tag' } as unknown as Document);
    await names.updateMany({ k: { $lte: 2 } }, { $set: { tag: 'x' } });
    await names.createIndex({ tag: 1 }, { sparse: true });
    await refusedOnEngine(
      () => names.find({}).hint({ tag: 1 }).toArray(),
      /sparse index 'tag_1'/,
      (docs) => expect(docs.map((d) => d._id).sort()).toEqual([1, 2]),
    );
  });

  it('a $natural hint scans in insertion order, or its reverse', async () => {
    await names.createIndex({ k: 1 });
    expect((await names.find({}).hint({ $natural: -1 }).toArray()).map((d) => d._id)).toEqual([4, 3, 2, 1]);
    expect(
      (
        await names
          .find({ k: { $in: [3, 1] } })
          .hint({ $natural: 1 })
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1, 3]);
    const last = await names.findOneAndUpdate(
      { n: /alice/i },
      { $set: { last: true } },
      { hint: { $natural: -1 } },
    );
    expect(last?._id).toBe(3);
  });
});

describe('options that cannot change an answer are accepted', () => {
  it('comment, maxTimeMS, allowDiskUse, readConcern, writeConcern and bypassDocumentValidation', async () => {
    const plain = await names
      .find({ k: { $gt: 1 } })
      .sort({ k: 1 })
      .toArray();
    expect(
      await names
        .find(
          { k: { $gt: 1 } },
          { comment: 'why', maxTimeMS: 60_000, allowDiskUse: true, readConcern: { level: 'local' } },
        )
        .sort({ k: 1 })
        .toArray(),
    ).toEqual(plain);
    expect(
      await names
        .aggregate([{ $match: { k: { $gt: 1 } } }, { $sort: { k: 1 } }], {
          comment: 'why',
          maxTimeMS: 60_000,
          allowDiskUse: true,
          bypassDocumentValidation: true,
        })
        .toArray(),
    ).toEqual(plain);
    const r = await names.updateOne(
      { k: 4 },
      { $set: { n: 'bobby' } },
      { comment: 'why', bypassDocumentValidation: true, writeConcern: { w: 1, j: true } },
    );
    expect(r.modifiedCount).toBe(1);
    expect(await names.countDocuments({ n: 'bobby' }, { comment: 'why', maxTimeMS: 60_000 })).toBe(1);
  });
});

describe('pipelines and operators MongoDB does not know are its errors', () => {
  it('an unknown stage (40324), a stage with two fields (40323), an unknown query (2) or expression (168) operator', async () => {
    expect((await rejection(names.aggregate([{ $sortt: { k: 1 } }]).toArray())).code).toBe(40324);
    expect(
      (await rejection(names.aggregate([{ $match: { k: 1 }, $limit: 1 } as Document]).toArray())).code,
    ).toBe(40323);
    expect((await rejection(names.aggregate([{ $facet: { a: [{ $nope: 1 }] } }]).toArray())).code).toBe(
      40324,
    );
    const query = await rejection(names.find({ k: { $foo: 1 } }).toArray());
    expect(query.code).toBe(2);
    expect(query.message).toContain('unknown operator: $foo');
    const expression = await rejection(names.aggregate([{ $project: { v: { $foo: 1 } } }]).toArray());
    expect(expression.code).toBe(168);
    expect(expression.message).toContain("Unrecognized expression '$foo'");
  });
});

describe('$replaceWith and $replaceRoot in update pipelines', () => {
  it('replace the document, keeping its _id, and report the modification', async () => {
    const r = await names.updateOne({ _id: 4 } as Document, [
      { $replaceWith: { $mergeObjects: ['$$ROOT', { extra: 1 }] } },
    ]);
    expect(r.modifiedCount).toBe(1);
    expect(await names.findOne({ _id: 4 } as Document)).toEqual({ _id: 4, n: 'bob', k: 4, extra: 1 });
    await names.updateOne({ _id: 4 } as Document, [{ $replaceRoot: { newRoot: { n: 'only' } } }]);
    expect(await names.findOne({ _id: 4 } as Document)).toEqual({ _id: 4, n: 'only' });
    const same = await names.updateOne({ _id: 4 } as Document, [{ $replaceWith: { _id: 4, n: 'only' } }]);
    expect(same.modifiedCount).toBe(0);
  });

  it('work in updateMany, findOneAndUpdate and upserts', async () => {
    const many = await names.updateMany({ k: { $lte: 3 } }, [
      { $replaceWith: { $mergeObjects: [{ kind: 'alice' }, '$$ROOT'] } },
    ]);
    expect(many.modifiedCount).toBe(3);
    expect(await names.countDocuments({ kind: 'alice' })).toBe(3);
    const after = await names.findOneAndUpdate(
      { _id: 1 } as Document,
      [{ $replaceWith: { $mergeObjects: ['$$ROOT', { k: 10 }] } }],
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, n: 'Alice', k: 10, kind: 'alice' });
    await names.updateOne({ n: 'zed' }, [{ $replaceWith: { $mergeObjects: ['$$ROOT', { z: 1 }] } }], {
      upsert: true,
    });
    const zed = await names.findOne({ n: 'zed' });
    expect(zed).toMatchObject({ n: 'zed', z: 1 });
  });

  it('refuse changing _id (66) and stages MongoDB does not allow in an update (72)', async () => {
    const id = await rejection(
      names.updateOne({ _id: 4 } as Document, [{ $replaceWith: { _id: 99, n: 'x' } }]),
    );
    expect(id.code).toBe(66);
    const group = await rejection(names.updateOne({ _id: 4 } as Document, [{ $group: { _id: null } }]));
    expect(group.code).toBe(72);
    expect(await names.findOne({ _id: 4 } as Document)).toEqual({ _id: 4, n: 'bob', k: 4 });
  });
});
