import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/enums';
import { EXCHANGE_LIMITS } from '../src/exchanges';
import { MESSAGE_MAX_LENGTH } from '../src/messaging';
import { SOCKET_AUTH_ERRORS, SOCKET_MAX_PER_USER } from '../src/socket-events';
import {
  LIMIT_ROWS,
  limitInput,
  SOCKET_CONNECTION_LIMIT,
  UPLOAD_LIMIT,
  type LimitRow,
} from '../src/limits.test-table';

/** The messages of the issues on the row's field (the first is what the API answers and the form shows). */
function fieldMessages(row: LimitRow, n: number): string[] {
  const result = row.schema.safeParse(limitInput(row, n));
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path[0] === row.field)
    .map((issue) => issue.message);
}

describe('every limit of the contracts, at its value and one past (one table)', () => {
  it('names each row once', () => {
    const names = LIMIT_ROWS.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(LIMIT_ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(row.schema.safeParse(row.valid).success, 'the row’s valid input').toBe(true);
    expect(fieldMessages(row, row.at), `${row.field} = ${row.at} is accepted`).toEqual([]);
    expect(fieldMessages(row, row.past)[0], `${row.field} = ${row.past} is refused`).toBe(row.message);
  });
});

describe('the numbers the forms and services read outside the schemas', () => {
  const rowAt = (name: string) => LIMIT_ROWS.find((row) => row.name === name)!.at;
  it.each([
    ['LIMITS.maxUploadBytes', LIMITS.maxUploadBytes, UPLOAD_LIMIT.at],
    ['LIMITS.maxPhotosPerItem', LIMITS.maxPhotosPerItem, rowAt('ItemCreateSchema.images max')],
    ['LIMITS.usernameMin', LIMITS.usernameMin, rowAt('RegisterSchema.username min')],
    ['LIMITS.passwordMin', LIMITS.passwordMin, rowAt('RegisterSchema.password min')],
    ['LIMITS.passwordMax', LIMITS.passwordMax, rowAt('RegisterSchema.password max')],
    ['LIMITS.bioMin', LIMITS.bioMin, rowAt('RegisterSchema.bio min')],
    ['LIMITS.contactMessageMin', LIMITS.contactMessageMin, rowAt('ContactSchema.message min')],
    ['LIMITS.reportSubjectMin', LIMITS.reportSubjectMin, rowAt('ReportCreateSchema.subject min')],
    ['LIMITS.reportDescriptionMin', LIMITS.reportDescriptionMin, rowAt('ReportCreateSchema.description min')],
    ['LIMITS.reviewCommentMax', LIMITS.reviewCommentMax, rowAt('ReviewCreateSchema.comment max')],
    ['LIMITS.ratingMin', LIMITS.ratingMin, rowAt('ReviewCreateSchema.rating min')],
    ['LIMITS.ratingMax', LIMITS.ratingMax, rowAt('ReviewCreateSchema.rating max')],
    ['MESSAGE_MAX_LENGTH', MESSAGE_MAX_LENGTH, rowAt('MessageSendSchema.content max')],
    ['offeredItemsMax', EXCHANGE_LIMITS.offeredItemsMax, rowAt('ExchangeRequestSchema.offeredItemIds max')],
    ['messageMax', EXCHANGE_LIMITS.messageMax, rowAt('ExchangeRequestSchema.message max')],
    ['placeMin', EXCHANGE_LIMITS.placeMin, rowAt('ExchangeMeetupSchema.place min')],
    ['placeMax', EXCHANGE_LIMITS.placeMax, rowAt('ExchangeMeetupSchema.place max')],
    ['noteMax', EXCHANGE_LIMITS.noteMax, rowAt('ExchangeMeetupSchema.note max')],
    ['reasonMax', EXCHANGE_LIMITS.reasonMax, rowAt('ExchangeCancelSchema.reason max')],
    ['SOCKET_MAX_PER_USER', SOCKET_MAX_PER_USER, SOCKET_CONNECTION_LIMIT.at],
  ])('%s is the table’s', (_name, constant, row) => {
    expect(constant).toBe(row);
  });
});

it('the socket cap’s refusal is the catalogue’s text', () => {
  expect(SOCKET_AUTH_ERRORS.tooManyConnections).toBe(SOCKET_CONNECTION_LIMIT.message);
  expect(SOCKET_CONNECTION_LIMIT.past).toBe(SOCKET_CONNECTION_LIMIT.at + 1);
});
