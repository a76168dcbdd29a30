import { describe, expect, it } from 'vitest';
import { hex, isObjectId, oid, op, pageOf } from './ids';

/** Ids and paging without stores (issue 21). */
const ID = '65a1b2c3d4e5f60718293a4b';

describe('ids', () => {
  it('an ObjectId is 24 hex characters, either case, nothing around them', () => {
    expect([isObjectId(ID), isObjectId(ID.toUpperCase())]).toEqual([true, true]);
    for (const value of [ID.slice(1), `${ID}0`, `x${ID}`, `${ID}x`, 'g'.repeat(24), '']) {
      expect(isObjectId(value), value).toBe(false);
    }
    expect(hex(oid(ID))).toBe(ID);
  });

  it('a query operator passes through as written, marked for the filter sanitiser to leave alone', () => {
    const operator = op({ $lt: 3 });
    expect(operator.$lt).toBe(3);
    expect(Object.getOwnPropertySymbols(operator).map((symbol) => symbol.description)).toEqual([
      'mongoose#trustedSymbol',
    ]);
  });
});

describe('pageOf', () => {
  it('page 1 of the default size without a query; later pages skip the earlier ones', () => {
    expect(pageOf({}, 20)).toEqual({ skip: 0, limit: 20 });
    expect(pageOf({ page: 3 }, 20)).toEqual({ skip: 40, limit: 20 });
    expect(pageOf({ page: 2, limit: 5 }, 20)).toEqual({ skip: 5, limit: 5 });
  });
});
