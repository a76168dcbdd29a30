import express from 'express';
import request from 'supertest';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { ItemCreateSchema, ItemQuerySchema } from '@nomadswap/contracts/items';
import { errorHandler } from '../src/errors';
import { validate } from '../src/validate';

const createItem = validate({ params: IdParamsSchema, body: ItemCreateSchema });
const listItems = validate({ query: ItemQuerySchema });

function buildApp() {
  const app = express();
  app.use(express.json());
  app.post('/users/:id/items', createItem, (req, res) => {
    const { params, body, query } = createItem.from(req);
    expectTypeOf(params.id).toEqualTypeOf<string>();
    expectTypeOf(body.title).toEqualTypeOf<string>();
    expectTypeOf(query).toEqualTypeOf<undefined>();
    res.status(201).json({ userId: params.id, item: body });
  });
  app.get('/items', listItems, (req, res) => {
    res.json(listItems.from(req).query);
  });
  app.get('/wrong', (req, res) => {
    res.json(listItems.from(req));
  });
  app.use(errorHandler);
  return app;
}

const id = '6650a1b2c3d4e5f6a7b8c9d0';
const validItem = {
  title: '  Backpack ',
  description: '40 L, waterproof',
  category: 'Travel Gear',
  condition: 'good',
  location: 'Lisbon',
};

describe('validate', () => {
  it('when the input is valid, the handler gets the parsed values (trimmed, defaults, unknown keys dropped)', async () => {
    const res = await request(buildApp())
      .post(`/users/${id}/items`)
      .send({ ...validItem, isApproved: true, userId: 'someone-else' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userId: id, item: { ...validItem, title: 'Backpack', images: [] } });
  });

  it('when fields are missing, it answers 400 with the form message first and one detail per field', async () => {
    const res = await request(buildApp())
      .post(`/users/${id}/items`)
      .send({ ...validItem, title: ' ', category: 'Cars' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Title is required',
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'title', message: 'Title is required' },
        { field: 'category', message: 'Please select a category' },
      ],
    });
  });

  it('when no body is sent at all, the per-field messages are given rather than a type error', async () => {
    const res = await request(buildApp()).post(`/users/${id}/items`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Title is required');
  });

  it('when a path parameter is invalid, it answers 400 naming the parameter', async () => {
    const res = await request(buildApp()).post('/users/not-an-id/items').send(validItem);
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'id', message: 'Invalid id' });
  });

  it('when a body holds a Mongo operator instead of a string, it is refused', async () => {
    const res = await request(buildApp())
      .post(`/users/${id}/items`)
      .send({ ...validItem, location: { $ne: null } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'location', message: 'Location is required' }]);
  });

  it('when query values come as strings, they are coerced by the schema', async () => {
    const res = await request(buildApp()).get('/items?limit=5&category=&q=%20tent%20');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ limit: 5, q: 'tent' });
  });

  it('when a query value is out of range, it answers 400', async () => {
    const res = await request(buildApp()).get('/items?limit=1000');
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('limit');
  });

  it('when from(req) is used on a route the validator did not guard, it fails loudly (500)', async () => {
    const res = await request(buildApp()).get('/wrong');
    expect(res.status).toBe(500);
  });

  it('when a schema refines the whole body, the detail names the body', async () => {
    const check = validate({ body: z.object({ a: z.string() }).refine(() => false, 'Nope') });
    const app = express();
    app.use(express.json());
    app.post('/x', check, (_req, res) => res.end());
    app.use(errorHandler);
    const res = await request(app).post('/x').send({ a: 'b' });
    expect(res.body.details).toEqual([{ field: 'body', message: 'Nope' }]);
  });
});
