import { afterAll, expect } from 'vitest';
import { recordedResponses, recording } from './record-responses';

const FORBIDDEN = ['passwordHash', '$argon2'];

// Runs after every test file: no response the file received may carry a password hash, whatever the route.
// A file that used the app must have recorded its responses, or the scan would pass on nothing.
afterAll(() => {
  const uses = recording.uses;
  expect({ uses, recorded: uses === 0 || recordedResponses.length > 0 }).toEqual({ uses, recorded: true });
  const leaks = recordedResponses
    .filter(({ body }) => FORBIDDEN.some((text) => body.toString('latin1').includes(text)))
    .map(({ method, url, status }) => `${method} ${url} → ${status}`);
  expect(leaks).toEqual([]);
});
