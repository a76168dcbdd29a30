import { Decimal128, Long, ObjectId, UUID } from 'bson';
import { describe, expect, it } from 'vitest';
import { CommandError } from '../src/errors';
import { Collection } from '../src/storage/collection';
import { sortDocs } from '../src/storage/sort';
import { update as mingoUpdate } from 'mingo';
import { applySimpleOperators, applyUpdate, buildUpsert } from '../src/update';
import { cloneDoc, valueKey, valuesAtPath } from '../src/values';
import { ProtocolError, parseMessage } from '../src/wire';

describe('canonical value keys', () => {
  it('equates numbers across BSON numeric types and distinguishes other types', () => {
    expect(valueKey(1)).toBe(valueKey(Long.fromNumber(1)));
    expect(valueKey(-0)).toBe(valueKey(0));
    expect(valueKey('1')).not.toBe(valueKey(1));
    expect(valueKey(null)).toBe(valueKey(undefined));
    const id = new ObjectId();
    expect(valueKey(id)).toBe(valueKey(new ObjectId(id.toHexString())));
    expect(valueKey({ a: 1, b: 2 })).not.toBe(valueKey({ b: 2, a: 1 }));
    expect(valueKey(new Date(5))).toBe(valueKey(new Date(5)));
  });
});

describe('valuesAtPath', () => {
  it('follows MongoDB multikey semantics', () => {
    const doc = { a: [{ b: 1 }, { b: [2, 3] }, { c: 4 }], s: 'x', e: [] };
    // An array element without the field contributes null, as in a mongod multikey index.
    expect(valuesAtPath(doc, 'a.b')).toEqual([1, 2, 3, undefined]);
    expect(valuesAtPath(doc, 'a.1.b')).toEqual([2, 3]);
    expect(valuesAtPath(doc, 's')).toEqual(['x']);
    expect(valuesAtPath(doc, 'missing.path')).toEqual([undefined]);
    expect(valuesAtPath(doc, 'e')).toEqual([undefined]);
  });
});

describe('cloneDoc', () => {
  it('copies structure but keeps bson values', () => {
    const id = new ObjectId();
    const src = { id, nested: { list: [1, { d: new Date(1) }] } };
    const copy = cloneDoc(src);
    expect(copy).toEqual(src);
    expect(copy.nested).not.toBe(src.nested);
    expect(copy.nested.list[1]).not.toBe(src.nested.list[1]);
    expect(copy.id).toBe(id);
  });
});

describe('sortDocs', () => {
  it('gives the same order with the bounded top-k path as with a full sort', () => {
    const docs = Array.from({ length: 500 }, (_, i) => ({
      i,
      k: (i * 37) % 101,
      t: i % 3 === 0 ? undefined : `s${i % 7}`,
    }));
    const full = sortDocs(docs, { t: -1, k: 1 }).slice(0, 20);
    const top = sortDocs(docs, { t: -1, k: 1 }, undefined, 20);
    expect(top.map((d) => d.i)).toEqual(full.map((d) => d.i));
  });

  it('sorts arrays by their smallest element ascending and largest descending', () => {
    const docs = [
      { n: 'a', v: [5, 1] },
      { n: 'b', v: 3 },
      { n: 'c', v: [2, 9] },
    ];
    expect(sortDocs(docs, { v: 1 }).map((d) => d.n)).toEqual(['a', 'c', 'b']);
    expect(sortDocs(docs, { v: -1 }).map((d) => d.n)).toEqual(['c', 'a', 'b']);
  });

  it('orders mixed types like mongod and numeric BSON types by value', () => {
    const id = new ObjectId();
    const docs = [
      { n: 'date', v: new Date(0) },
      { n: 'oid', v: id },
      { n: 'str', v: 'a' },
      { n: 'dec', v: Decimal128.fromString('10.5') },
      { n: 'null', v: null },
      { n: 'num', v: 9.5 },
      { n: 'bool', v: false },
      { n: 'obj', v: { a: 1 } },
    ];
    expect(sortDocs(docs, { v: 1 }).map((d) => d.n)).toEqual([
      'null',
      'num',
      'dec',
      'str',
      'obj',
      'oid',
      'bool',
      'date',
    ]);
  });

  it('rejects an invalid direction', () => {
    expect(() => sortDocs([{ a: 1 }], { a: 2 })).toThrow(CommandError);
  });
});

describe('updates', () => {
  it('never mutates the stored document', () => {
    const stored = { _id: 1, a: { b: [1, 2] } };
    const next = applyUpdate(stored, { $push: { 'a.b': 3 } }, { filter: {}, isInsert: false });
    expect(next?.a).toEqual({ b: [1, 2, 3] });
    expect(stored.a.b).toEqual([1, 2]);
  });

  it('returns null when nothing changes', () => {
    expect(applyUpdate({ _id: 1, a: 1 }, { $set: { a: 1 } }, { filter: {}, isInsert: false })).toBeNull();
    expect(applyUpdate({ _id: 1, a: 1 }, { a: 1 }, { filter: {}, isInsert: false })).toBeNull();
  });

  it('applies plain $set/$unset/$inc without mingo exactly as mingo does', () => {
    const oid = new ObjectId('0123456789abcdef01234567');
    const values = [0, 1, 2.5, -1, 'x', '', true, false, null, new Date(5), new Date(6), oid, new ObjectId()];
    const fields = ['a', 'b', 'c', 'd'];
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let fast = 0;
    for (let round = 0; round < 3000; round++) {
      const doc: Record<string, unknown> = { _id: round };
      for (const f of fields)
        if (rand(3) > 0) doc[f] = rand(20) === 0 ? { nested: 1 } : values[rand(values.length)];
      const modifier: Record<string, Record<string, unknown>> = {};
      const ops = ['$set', '$unset', '$inc'];
      for (const f of fields) {
        if (rand(2) === 0) continue;
        const numeric = doc[f] === undefined || typeof doc[f] === 'number';
        const op = ops[rand(numeric ? 3 : 2)] as string;
        const value =
          op === '$inc' ? [1, 0, -2, 0.5][rand(4)] : op === '$unset' ? '' : values[rand(values.length)];
        (modifier[op] ??= {})[f] = value;
      }
      if (Object.keys(modifier).length === 0) continue;
      const stored = structuredClone(doc);
      const got = applySimpleOperators(doc, modifier);
      expect(doc).toEqual(stored);
      if (got === undefined) continue;
      fast++;
      const copy = cloneDoc(doc);
      const changed = mingoUpdate(copy, modifier as never, undefined, undefined, { cloneMode: 'copy' });
      const want = changed.length > 0 ? copy : null;
      expect(got === null ? null : Object.entries(got)).toEqual(want === null ? null : Object.entries(want));
    }
    expect(fast).toBeGreaterThan(500);
  });

  it('seeds upserts from equality conditions, $and and $eq but not from operators', () => {
    const doc = buildUpsert(
      { a: 1, 'b.c': 'x', $and: [{ d: { $eq: 2 } }], e: { $gt: 5 }, f: /re/ },
      { $set: { g: true } },
    );
    expect(doc).toEqual({ a: 1, b: { c: 'x' }, d: 2, g: true });
  });

  it('rejects unknown modifiers and mixed updates', () => {
    expect(() => applyUpdate({ _id: 1 }, { $frob: { a: 1 } }, { filter: {}, isInsert: false })).toThrow(
      /Unknown modifier/,
    );
    expect(() => applyUpdate({ _id: 1 }, { $set: { a: 1 }, b: 2 }, { filter: {}, isInsert: false })).toThrow(
      /Unknown modifier/,
    );
  });
});

describe('collection indexes', () => {
  it('narrows equality lookups through a hash index and still applies the rest of the filter', () => {
    const coll = new Collection('db', 'c', {}, new UUID(), null);
    coll.createIndex({ key: { city: 1 }, name: 'city_1' });
    for (let i = 0; i < 100; i++) coll.insert({ _id: i, city: `c${i % 10}`, n: i });
    expect([...coll.find({ city: 'c3' })].map((d) => d._id)).toEqual([3, 13, 23, 33, 43, 53, 63, 73, 83, 93]);
    expect([...coll.find({ city: 'c3', n: { $gt: 50 } })].map((d) => d._id)).toEqual([53, 63, 73, 83, 93]);
    // Without a sort, results come in index order (as with mongod), so compare as a set.
    expect(
      [...coll.find({ city: { $in: ['c1', 'c2'] }, n: { $lt: 15 } })]
        .map((d) => d._id as number)
        .sort((x, y) => x - y),
    ).toEqual([1, 2, 11, 12]);
  });

  it('looks up equality on the leading field of a compound index and keeps it in step with writes', () => {
    const coll = new Collection('db', 'c', {}, new UUID(), null);
    coll.createIndex({ key: { owner: 1, other: 1 }, name: 'owner_1_other_1', unique: true });
    for (let i = 0; i < 60; i++) coll.insert({ _id: i, owner: `u${i % 6}`, other: `v${i}`, at: i });
    const ids = (filter: Record<string, unknown>) =>
      [...coll.find(filter)].map((d) => d._id as number).sort((x, y) => x - y);
    expect(ids({ owner: 'u2' })).toEqual([2, 8, 14, 20, 26, 32, 38, 44, 50, 56]);
    expect(ids({ owner: 'u2', at: { $gt: 40 } })).toEqual([44, 50, 56]);
    expect(ids({ owner: { $in: ['u1', 'u2'] }, at: { $lt: 9 } })).toEqual([1, 2, 7, 8]);
    coll.replace(coll.getById(8) as { _id: number }, { _id: 8, owner: 'u3', other: 'v8', at: 8 });
    coll.remove(coll.getById(14) as { _id: number });
    expect(ids({ owner: 'u2', at: { $lt: 30 } })).toEqual([2, 20, 26]);
    expect(ids({ owner: 'u3', at: { $lt: 10 } })).toEqual([3, 8, 9]);
    // Multikey second field: one document, several keys with the same leading value.
    coll.insert({ _id: 100, owner: 'u9', other: ['a', 'b'] });
    expect(ids({ owner: 'u9' })).toEqual([100]);
    coll.remove(coll.getById(100) as { _id: number });
    expect(ids({ owner: 'u9' })).toEqual([]);
  });

  it('finds documents a sparse compound index leaves out when the leading field is asked to be null', () => {
    const coll = new Collection('db', 'c', {}, new UUID(), null);
    coll.createIndex({ key: { tag: 1, n: 1 }, name: 'tag_1_n_1', sparse: true });
    coll.insert({ _id: 1, tag: 'a', n: 1 });
    coll.insert({ _id: 2, n: 2 });
    coll.insert({ _id: 3 });
    const ids = [...coll.find({ tag: null })].map((d) => d._id as number).sort((x, y) => x - y);
    expect(ids).toEqual([2, 3]);
  });

  it('keeps index entries in step with replace and remove', () => {
    const coll = new Collection('db', 'c', {}, new UUID(), null);
    coll.createIndex({ key: { email: 1 }, name: 'email_1', unique: true });
    const a = coll.insert({ _id: 1, email: 'a' });
    coll.replace(a, { _id: 1, email: 'b' });
    expect([...coll.find({ email: 'a' })]).toHaveLength(0);
    coll.insert({ _id: 2, email: 'a' });
    expect(() => coll.insert({ _id: 3, email: 'b' })).toThrow(/E11000/);
    coll.remove(coll.getById(1) as { _id: number });
    coll.insert({ _id: 3, email: 'b' });
    expect(coll.size).toBe(2);
  });
});

describe('wire parsing', () => {
  it('rejects unknown opcodes and OP_MSG without a body', () => {
    const header = Buffer.alloc(21);
    header.writeInt32LE(21, 0);
    header.writeInt32LE(9999, 12);
    expect(() => parseMessage(header)).toThrow(ProtocolError);
    const empty = Buffer.alloc(20);
    empty.writeInt32LE(20, 0);
    empty.writeInt32LE(2013, 12);
    expect(() => parseMessage(empty)).toThrow(/without a body/);
  });
});
