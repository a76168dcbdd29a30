import { afterAll, expect } from 'vitest';
import { recordedResponses } from './record-responses';

const FORBIDDEN = ['passwordHash', '$argon2'];

// Runs after every test file: no response the file received may carry a password hash, whatever the route.
afterAll(() => {
  const leaks = recordedResponses
    .filter(({ body }) => FORBIDDEN.some((text) => body.toString('latin1').includes(text)))
    .map(({ method, url, status }) => `${method} ${url} → ${status}`);
  expect(leaks).toEqual([]);
});
