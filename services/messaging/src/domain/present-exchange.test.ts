import { describe, expect, it } from 'vitest';
import { oid } from '../data/ids';
import type { ExchangeRecord } from '../data/exchange';
import { exchangeEventData, presentExchange, processState } from './present-exchange';

/** An exchange as the API, the events and the transition table read it, without stores (issue 21). */
const id = (n: number) => oid(n.toString(16).padStart(24, '0'));
const hex = (n: number) => id(n).toHexString();
const at = (time: string) => new Date(`2030-01-0${time}Z`);

const REQUESTER = 1;
const OWNER = 2;
const ITEM = 10;

/** Every field set, as a row of today's process after a no-show. */
const full: ExchangeRecord = {
  _id: id(100),
  requesterId: id(REQUESTER),
  ownerId: id(OWNER),
  itemId: id(ITEM),
  offeredItemIds: [id(11), id(12)],
  offeredItemId: id(99),
  status: 'no_show',
  message: 'Swap for my stove?',
  confirmedBy: [id(REQUESTER)],
  firstConfirmedAt: at('3T09:00:00.000'),
  meetup: {
    at: at('4T18:30:00.000'),
    place: 'Café Central',
    note: 'by the door',
    proposedBy: id(OWNER),
    proposedAt: at('2T12:00:00.000'),
    agreed: true,
  },
  openKey: 'never-shown',
  dedupeKey: 'ex:100',
  createdAt: at('1T10:00:00.000'),
  updatedAt: at('5T08:00:00.000'),
  acceptedAt: at('1T11:00:00.000'),
  completedAt: null,
  endedAt: at('5T08:00:00.000'),
  endedBy: id(OWNER),
  endReason: 'no_show',
  noShowUserId: id(REQUESTER),
  version: 7,
};

/** A row of the one-click era: one offered item in `offeredItemId`, no later fields, no updatedAt. */
const legacy: ExchangeRecord = {
  _id: id(200),
  requesterId: id(REQUESTER),
  ownerId: id(OWNER),
  itemId: null,
  offeredItemId: id(13),
  status: 'completed',
  message: null,
  dedupeKey: 'pair:1:2',
  createdAt: at('1T10:00:00.000'),
  completedAt: at('2T10:00:00.000'),
};

describe('presentExchange', () => {
  it('shows every field of a stored exchange, dates as ISO strings and ids as hex', () => {
    expect(presentExchange(full)).toEqual({
      id: hex(100),
      requesterId: hex(REQUESTER),
      ownerId: hex(OWNER),
      itemId: hex(ITEM),
      offeredItemId: hex(11),
      offeredItemIds: [hex(11), hex(12)],
      status: 'no_show',
      message: 'Swap for my stove?',
      confirmedBy: [hex(REQUESTER)],
      meetup: {
        at: '2030-01-04T18:30:00.000Z',
        place: 'Café Central',
        note: 'by the door',
        proposedBy: hex(OWNER),
        proposedAt: '2030-01-02T12:00:00.000Z',
        agreed: true,
      },
      createdAt: '2030-01-01T10:00:00.000Z',
      updatedAt: '2030-01-05T08:00:00.000Z',
      acceptedAt: '2030-01-01T11:00:00.000Z',
      completedAt: null,
      endedAt: '2030-01-05T08:00:00.000Z',
      endedBy: hex(OWNER),
      endReason: 'no_show',
      noShowUserId: hex(REQUESTER),
    });
  });

  it('gives a row of the one-click era the defaults of its missing fields', () => {
    expect(presentExchange(legacy)).toEqual({
      id: hex(200),
      requesterId: hex(REQUESTER),
      ownerId: hex(OWNER),
      itemId: null,
      offeredItemId: hex(13),
      offeredItemIds: [hex(13)],
      status: 'completed',
      message: null,
      confirmedBy: [],
      meetup: null,
      createdAt: '2030-01-01T10:00:00.000Z',
      // No updatedAt: the completion is the last change.
      updatedAt: '2030-01-02T10:00:00.000Z',
      acceptedAt: null,
      completedAt: '2030-01-02T10:00:00.000Z',
      endedAt: null,
      endedBy: null,
      endReason: null,
      noShowUserId: null,
    });
    // Neither updated nor completed: the creation.
    expect(presentExchange({ ...legacy, completedAt: null }).updatedAt).toBe('2030-01-01T10:00:00.000Z');
    // An empty offeredItemIds falls back to the legacy field; nothing offered at all is an empty list.
    expect(presentExchange({ ...legacy, offeredItemIds: [] }).offeredItemIds).toEqual([hex(13)]);
    expect(presentExchange({ ...legacy, offeredItemId: null })).toMatchObject({
      offeredItemId: null,
      offeredItemIds: [],
    });
  });
});

describe('exchangeEventData', () => {
  it('carries the fields the other services act on, and the version', () => {
    expect(exchangeEventData(full)).toEqual({
      id: hex(100),
      requesterId: hex(REQUESTER),
      ownerId: hex(OWNER),
      itemId: hex(ITEM),
      offeredItemIds: [hex(11), hex(12)],
      status: 'no_show',
      acceptedAt: '2030-01-01T11:00:00.000Z',
      completedAt: null,
      endedAt: '2030-01-05T08:00:00.000Z',
      noShowUserId: hex(REQUESTER),
      version: 7,
    });
    expect(exchangeEventData(legacy)).toMatchObject({ offeredItemIds: [hex(13)], version: 0 });
  });
});

describe('processState', () => {
  it('is what the transition table reads, with the meetup reduced to time, proposer and agreement', () => {
    expect(processState(full)).toEqual({
      status: 'no_show',
      requesterId: hex(REQUESTER),
      ownerId: hex(OWNER),
      confirmedBy: [hex(REQUESTER)],
      firstConfirmedAt: at('3T09:00:00.000'),
      createdAt: at('1T10:00:00.000'),
      endReason: 'no_show',
      meetup: { at: at('4T18:30:00.000'), proposedBy: hex(OWNER), agreed: true },
    });
    expect(processState(legacy)).toEqual({
      status: 'completed',
      requesterId: hex(REQUESTER),
      ownerId: hex(OWNER),
      confirmedBy: [],
      firstConfirmedAt: null,
      createdAt: at('1T10:00:00.000'),
      endReason: null,
      meetup: null,
    });
  });
});
