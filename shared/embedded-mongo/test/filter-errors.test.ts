import type { Collection, Document } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, rejection } from './helpers';

// Filters mongod refuses when it parses them (BadValue, 2) must be refused here too: mingo ran `{$or: []}` as
// "nothing" and `{$and: []}` as "everything", a different answer where MongoDB gives an error. Each case holds
// against a real MongoDB as well (MONGO_URL).

const mongo = openTestDb('filters');
let things: Collection;

beforeEach(async () => {
  things = mongo.db.collection('things');
  await things.deleteMany({});
  await things.insertMany([
    { _id: 1, a: 1, tags: ['x'] },
    { _id: 2, a: 2, tags: ['y'] },
  ] as unknown as Document[]);
});

async function badValue(p: Promise<unknown>): Promise<string> {
  const err = await rejection(p);
  expect(err.code).toBe(2);
  return err.message;
}

const BAD: [string, Document, RegExp][] = [
  ['an empty $or', { $or: [] }, /\$and\/\$or\/\$nor must be a nonempty array/],
  ['an empty $and', { $and: [] }, /\$and\/\$or\/\$nor must be a nonempty array/],
  ['an empty $nor', { $nor: [] }, /\$and\/\$or\/\$nor must be a nonempty array/],
  ['an empty $or inside $and', { $and: [{ a: 1 }, { $or: [] }] }, /nonempty array/],
  ['$or of a non-object', { $or: [1] }, /entries need to be full objects/],
  ['$or of an object', { $or: { a: 1 } }, /must be an array/],
  ['$in of a number', { a: { $in: 5 } }, /\$in needs an array/],
  ['$nin of a string', { a: { $nin: 'x' } }, /\$nin needs an array/],
  ['$in under $not', { a: { $not: { $in: 5 } } }, /\$in needs an array/],
];

describe('malformed filters are refused as mongod refuses them (BadValue)', () => {
  it.each(BAD)('%s: find, count, update, delete and $match', async (_, filter, message) => {
    expect(await badValue(things.find(filter).toArray())).toMatch(message);
    expect(await badValue(things.countDocuments(filter))).toMatch(message);
    expect(await badValue(things.aggregate([{ $match: filter }]).toArray())).toMatch(message);
    expect(await badValue(things.updateMany(filter, { $set: { b: 1 } }))).toMatch(message);
    expect(await badValue(things.findOneAndUpdate(filter, { $set: { b: 1 } }))).toMatch(message);
    expect(await badValue(things.deleteMany(filter))).toMatch(message);
    expect(await badValue(mongo.db.collection('nothing-here').find(filter).toArray())).toMatch(message);
    // Nothing was written by the refused updates and deletes.
    expect(await things.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: 1, tags: ['x'] },
      { _id: 2, a: 2, tags: ['y'] },
    ]);
  });

  it('the well-formed neighbours still answer: one clause, an empty $in, $elemMatch, an object to compare', async () => {
    expect(await things.countDocuments({ $or: [{ a: 1 }] })).toBe(1);
    expect(await things.countDocuments({ $and: [{ a: 2 }] })).toBe(1);
    expect(await things.countDocuments({ $nor: [{ a: 1 }] })).toBe(1);
    expect(await things.countDocuments({ a: { $in: [] } })).toBe(0);
    expect(await things.countDocuments({ a: { $nin: [] } })).toBe(2);
    expect(await things.countDocuments({ tags: { $elemMatch: { $in: ['x'] } } })).toBe(1);
    expect(await things.countDocuments({ a: { $not: { $in: [1] } } })).toBe(1);
  });
});
