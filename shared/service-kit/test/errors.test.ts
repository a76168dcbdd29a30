import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
  errorHandler,
  notFoundHandler,
  toErrorBody,
} from '../src/errors';
import { MSG } from '@nomadswap/contracts/messages';

/** An app whose only route throws `error` (after parsing a small JSON body). */
function appThrowing(error: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    req.id = 'req-123';
    next();
  });
  app.use(express.json({ limit: 100 }));
  app.post('/boom', () => {
    throw error;
  });
  app.get('/boom', async () => {
    await Promise.resolve();
    throw error;
  });
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

describe('errorHandler', () => {
  it.each([
    [new ValidationError('Title is required'), 400, 'VALIDATION_ERROR', 'Title is required'],
    [new UnauthorizedError(), 401, 'UNAUTHORIZED', 'Authentication Required'],
    [new ForbiddenError('Admin Access Required'), 403, 'FORBIDDEN', 'Admin Access Required'],
    [
      new ForbiddenError('Approval Required', { code: 'NOT_APPROVED' }),
      403,
      'NOT_APPROVED',
      'Approval Required',
    ],
    [new NotFoundError('Item not found'), 404, 'NOT_FOUND', 'Item not found'],
    [new ConflictError('Username already exists'), 409, 'CONFLICT', 'Username already exists'],
    [new PayloadTooLargeError(), 413, 'PAYLOAD_TOO_LARGE', 'File too large'],
    [new ServiceUnavailableError(), 503, 'SERVICE_UNAVAILABLE', 'Service unavailable'],
  ])('when a route throws %o, it answers %i {error, code}', async (error, status, code, message) => {
    const res = await request(appThrowing(error)).get('/boom');
    expect(res.status).toBe(status);
    // A 5xx names the request, so the user's report can be found in the log.
    expect(res.body).toEqual(
      status >= 500 ? { error: message, code, requestId: 'req-123' } : { error: message, code },
    );
  });

  it('when rate limited, it answers 429 with Retry-After in whole seconds', async () => {
    const res = await request(appThrowing(new RateLimitedError(12.2))).get('/boom');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('13');
    expect(res.body).toEqual({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
  });

  it('when the body is not JSON, it answers 400 Invalid JSON body', async () => {
    const res = await request(appThrowing(new Error('unreached')))
      .post('/boom')
      .set('Content-Type', 'application/json')
      .send('{"title": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON body', code: 'INVALID_JSON' });
  });

  it('when the body is over the limit, it answers 413 File too large', async () => {
    const res = await request(appThrowing(new Error('unreached')))
      .post('/boom')
      .send({ text: 'x'.repeat(500) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('when a zod parse fails, it answers 400 with the first message and per-field details', async () => {
    const schema = z.object({
      title: z.string().min(1, 'Title is required'),
      price: z.number({ error: 'Price is a number' }),
    });
    const error = schema.safeParse({ title: '', price: 'x' }).error;
    const res = await request(appThrowing(error)).get('/boom');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Title is required',
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'title', message: 'Title is required' },
        { field: 'price', message: 'Price is a number' },
      ],
    });
  });

  it('when a path parameter is not valid percent-encoding, it answers 400, not 500', async () => {
    const app = express();
    app.get('/items/:id', (_req, res) => {
      res.json({});
    });
    app.use(errorHandler);
    const res = await request(app).get('/items/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid characters in the address', code: 'INVALID_PATH' });
  });

  it('when mongoose cannot cast an id, it answers 400 naming the path', async () => {
    const castError = new mongoose.Error.CastError('ObjectId', 'nope', '_id');
    const res = await request(appThrowing(castError)).get('/boom');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid _id', code: 'VALIDATION_ERROR' });
  });

  it('when a unique index is violated, it answers 409 naming the field', async () => {
    const duplicate = Object.assign(new Error('E11000 duplicate key error'), {
      name: 'MongoServerError',
      code: 11000,
      keyValue: { username: 'nomad' },
    });
    const res = await request(appThrowing(duplicate)).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Username already exists',
      code: 'CONFLICT',
      details: [{ field: 'username', message: 'Username already exists' }],
    });
  });

  it('when a duplicate-key error has no keyValue, the field is read from the server message', async () => {
    const duplicate = Object.assign(
      new Error('E11000 duplicate key error collection: db.users index: email_1 dup key: { email: "a@b.c" }'),
      {
        code: 11000,
      },
    );
    const res = await request(appThrowing(duplicate)).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Email already exists');
  });

  it('when something unexpected fails, it answers a generic 500 with the request id and no internals', async () => {
    const res = await request(appThrowing(new TypeError('secret internals at /srv/app.ts:12'))).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'INTERNAL', requestId: 'req-123' });
    expect(res.text).not.toContain('internals');
  });

  it('when a non-error value is thrown, it still answers the generic 500', async () => {
    const res = await request(appThrowing('just a string')).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
  });
});

describe('notFoundHandler', () => {
  it('when no route matches, it answers JSON 404 Not found', async () => {
    const res = await request(appThrowing(new Error('unreached'))).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('toErrorBody (the one serialiser: services, gateway, socket acks)', () => {
  it('when the error is known and the caller is at fault, it keeps status, headers and text, without a request id', () => {
    const limited = new HttpError(429, 'RATE_LIMITED', 'Too many requests');
    limited.headers['retry-after'] = '3';
    expect(toErrorBody(limited, 'req-1')).toEqual({
      status: 429,
      headers: { 'retry-after': '3' },
      body: { error: 'Too many requests', code: 'RATE_LIMITED' },
      logAsError: false,
    });
  });

  it('when the error is known but the server is at fault, its body carries the request id and it is logged', () => {
    const answer = toErrorBody(new HttpError(503, 'SERVICE_UNAVAILABLE', 'Try again'), 'req-2');
    expect(answer).toMatchObject({ status: 503, logAsError: true });
    expect(answer.body).toEqual({ error: 'Try again', code: 'SERVICE_UNAVAILABLE', requestId: 'req-2' });
  });

  it('when the error is unexpected, it is a 500 with the catalogue text and the request id, nothing of its own', () => {
    const answer = toErrorBody(new Error('secret at /srv/x.ts'), 'req-3');
    expect(answer).toEqual({
      status: 500,
      headers: {},
      body: { error: MSG.internalError, code: 'INTERNAL', requestId: 'req-3' },
      logAsError: true,
    });
  });

  it('when there is no request id, the 500 body has none', () => {
    expect(toErrorBody('a string').body).toEqual({ error: MSG.internalError, code: 'INTERNAL' });
  });
});
