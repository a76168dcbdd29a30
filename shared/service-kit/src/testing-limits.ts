import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  limitRowsOf,
  limitValue,
  type LimitRow,
  type LimitService,
} from '@nomadswap/contracts/limits.test-table';

/** Calls the row's route with the row's field set to `value` and every other part valid. */
export type LimitSender = (row: LimitRow, value: unknown) => Promise<Response>;

/**
 * The server level of the limits table (`@nomadswap/contracts/limits.test-table`): every row whose route the
 * service owns, through its real app, once at the limit (2xx) and once one past it (400 VALIDATION_ERROR with the
 * row's message, on the row's field). `send` has a caller for each route of the service's rows; a row without
 * one fails, so a new row cannot be left out.
 */
export function describeLimitRows(
  service: LimitService,
  options: {
    send: Record<string, LimitSender>;
    /** The value of size `n` when the app needs a real one (photos that are images…); default the table's. */
    valueAt?: (row: LimitRow, n: number) => unknown;
    /** Rows whose boundary passes the schema but answers the domain's error (by row name). */
    boundaryAnswer?: Record<string, { status: number; code: string; error: string }>;
  },
): void {
  const { send, valueAt = limitValue, boundaryAnswer = {} } = options;
  const rows = limitRowsOf(service);

  describe(`${service}: every limit of the table at its value and one past, through the app`, () => {
    it(`has a way to call every route the table gives ${service}`, () => {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => !send[row.route!]).map((row) => row.name)).toEqual([]);
    });

    it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
      const at = await send[row.route!]!(row, valueAt(row, row.at));
      const expected = boundaryAnswer[row.name];
      if (expected) expect({ status: at.status, code: at.body.code, error: at.body.error }).toEqual(expected);
      else expect(at.status, JSON.stringify(at.body).slice(0, 300)).toBeLessThan(300);
      const past = await send[row.route!]!(row, valueAt(row, row.past));
      expect(past.status).toBe(400);
      const field = row.within ? `${row.within}.${row.field}` : row.field;
      expect(past.body).toMatchObject({
        error: row.message,
        code: 'VALIDATION_ERROR',
        details: expect.arrayContaining([{ field, message: row.message }]),
      });
    });
  });
}

/** A query of the row's field as the value's decimal string. */
export const limitQuery = (row: LimitRow, value: unknown) => ({ [row.field]: String(value) });
