import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { createTestStores, type TestStores } from '../src/testing';
import { matchStoredLocations, storedLocation } from '../src/places';

const LISBON = '2267057';

describe('storedLocation', () => {
  it('stores a picked city with its label, whatever the text says', () => {
    expect(storedLocation({ location: 'lisb', placeId: LISBON })).toEqual({
      location: 'Lisbon, Portugal',
      placeId: LISBON,
    });
  });

  it('refuses a place id that names no city with 400 on placeId', () => {
    expect(() => storedLocation({ location: 'Lisbon', placeId: '1' })).toThrow(
      expect.objectContaining({ status: 400, message: MSG.placeUnknown }),
    );
  });

  it('matches free text, and keeps text that names no city as written', () => {
    expect(storedLocation({ location: 'Lisboa' })).toEqual({ location: 'Lisbon, Portugal', placeId: LISBON });
    expect(storedLocation({ location: 'Bali' })).toEqual({ location: 'Bali', placeId: null });
  });
});

describe('matchStoredLocations (the migration of issue 22)', () => {
  let stores: TestStores;
  beforeAll(async () => {
    stores = await createTestStores({ service: 'kit-places' });
  });
  afterAll(() => stores.close());

  it('matches rows without a place field in batches, keeps unmatched text, and changes nothing when run again', async () => {
    const Row = stores.mongo.model(
      'PlaceRow',
      new Schema(
        { location: String, placeId: { type: String } },
        { collection: `place_rows_${new mongoose.Types.ObjectId().toHexString()}`, versionKey: false },
      ),
    );
    const texts = ['Lisboa', 'lisbon', 'Lisbon, Portugal', 'Bali', 'Atlantis', 'Narnia', ''];
    await Row.collection.insertMany(texts.map((location) => ({ location })));
    // Already done (picked in the app after the change): left alone, even with text that would match elsewhere.
    await Row.collection.insertOne({ location: 'Porto', placeId: null });

    expect(await matchStoredLocations(Row, { batchSize: 2 })).toEqual({ matched: 4, unmatched: 3 });
    const rows = await Row.find().sort({ _id: 1 }).lean();
    expect(rows.map(({ location, placeId }) => [location, placeId])).toEqual([
      ['Lisbon, Portugal', LISBON],
      ['Lisbon, Portugal', LISBON],
      ['Lisbon, Portugal', LISBON],
      ['Bali', null],
      ['Atlantis, South Africa', '3370352'],
      ['Narnia', null],
      ['', null],
      ['Porto', null],
    ]);
    expect(await matchStoredLocations(Row)).toEqual({ matched: 0, unmatched: 0 });
  });
});
