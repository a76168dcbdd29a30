import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '@nomadswap/auth/domain/ensure-admin-account';
import { buildRegistration } from '@nomadswap/auth/test/support/factories';
import { startAuthAndItems, type AuthAndItems } from './support/auth-and-items';

let stack: AuthAndItems;
const ADMIN = { email: 'approver@nomadswap.example', password: 'approver-secret' };
beforeAll(async () => {
  stack = await startAuthAndItems();
  await ensureAdminAccount(stack.auth.ctx, ADMIN);
});
afterAll(() => stack.close());

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] };
}

async function register(): Promise<{ id: string; token: string }> {
  const res = await call('POST', '/api/auth/register', undefined, buildRegistration());
  expect(res.status).toBe(201);
  return { id: (res.body.user as { id: string }).id, token: res.body.token as string };
}

describe('approval on the real auth and items apps', () => {
  it('when an admin approves a user through auth, the token they already hold lists and opens items at once', async () => {
    const admin = await call('POST', '/api/auth/login', undefined, ADMIN);
    expect(admin.status).toBe(200);
    const adminToken = admin.body.token as string;
    const owner = await register();
    expect((await call('POST', `/api/admin/approve-user/${owner.id}`, adminToken)).status).toBe(200);
    const created = await call('POST', '/api/items', owner.token, {
      title: 'Trangia stove',
      description: 'Spirit burner with both pots, used on two trips.',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Lisbon, Portugal',
      images: [],
    });
    expect(created.status).toBe(201);
    const itemId = created.body.id as string;

    const pending = await register();
    const refused = await call('GET', `/api/items/${itemId}`, pending.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_APPROVED');

    expect((await call('POST', `/api/admin/approve-user/${pending.id}`, adminToken)).status).toBe(200);
    const list = await call('GET', '/api/items', pending.token);
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[]).map((item) => item.id)).toContain(itemId);
    const detail = await call('GET', `/api/items/${itemId}`, pending.token);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: itemId,
      description: 'Spirit burner with both pots, used on two trips.',
    });
  });
});
