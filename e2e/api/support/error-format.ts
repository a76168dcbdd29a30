import { expect } from 'vitest';
import { ErrorBodySchema } from '@nomadswap/contracts/common';
import type { ApiResponse } from './world';

/**
 * The error format of design.md ("API conventions"): JSON `{error, code?, details?}` whose `error` is a human
 * message (a sentence, not a code, a stack or an empty string) and no stack trace anywhere in the body.
 */
export function expectErrorFormat(res: ApiResponse, what = ''): void {
  const context = `${what} → ${res.status} ${res.text?.slice(0, 300)}`;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const parsed = ErrorBodySchema.safeParse(res.body);
  expect(parsed.success, context).toBe(true);
  const message = String(res.body.error);
  expect(message.trim().length, context).toBeGreaterThan(2);
  // Human: words with spaces or one capitalised word ("Unauthorized"), never SHOUTING_CODES or an "Error: …" dump.
  expect(message, context).not.toMatch(/^[A-Z0-9_]+$/);
  expect(message, context).not.toMatch(/\bat .+:\d+:\d+|Cast to|E11000|TypeError|ReferenceError|mongo/i);
  expect(res.text, context).not.toMatch(/\n\s+at /);
}
