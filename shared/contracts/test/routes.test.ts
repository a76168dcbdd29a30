import { describe, expect, it } from 'vitest';
import { bodyLimitOf, findRoute, normalizeApiPath, ROUTE_TABLE } from '../src/routes';

const MB = 1024 * 1024;
const ID = '65a1b2c3d4e5f60718293a4b';

describe('the route table', () => {
  it.each([
    ['/api/auth/register', 'auth'],
    ['/api/auth/login', 'auth'],
    [`/api/users/${ID}/avatar`, 'auth'],
    ['/api/admin/pending-users', 'auth'],
    ['/api/admin/all-users', 'auth'],
    [`/api/admin/users/${ID}/swap-count`, 'auth'],
    [`/api/admin/approve-user/${ID}`, 'auth'],
    [`/api/avatars/${ID}`, 'auth'],
    [`/api/items/${ID}`, 'items'],
    [`/api/images/${ID}`, 'items'],
    ['/api/favorites', 'items'],
    ['/api/places', 'items'],
    ['/api/alerts/unsubscribe', 'items'],
    ['/api/admin/all-items', 'items'],
    [`/api/admin/items/${ID}`, 'items'],
    ['/api/messages', 'messaging'],
    [`/api/exchanges/${ID}/accept`, 'messaging'],
    ['/api/conversations', 'messaging'],
    ['/api/messaging/settings', 'messaging'],
    [`/api/blocks/${ID}`, 'messaging'],
    ['/api/push/subscriptions', 'messaging'],
    [`/api/reviews/${ID}`, 'moderation'],
    [`/api/admin/reviews/${ID}`, 'moderation'],
    ['/api/reports', 'moderation'],
    ['/api/contact', 'moderation'],
    ['/api/admin/contact-messages', 'moderation'],
    ['/api/admin/audit-log', 'moderation'],
  ])('%s goes to %s', (path, service) => {
    expect(findRoute(path)?.service).toBe(service);
  });

  it('names every prefix in the list above (a new prefix gets its line)', () => {
    expect(ROUTE_TABLE).toHaveLength(27);
  });

  it('the longest matching prefix wins, whatever the order', () => {
    expect(findRoute('/api/auth/register')?.prefix).toBe('/api/auth/register');
    expect(findRoute('/api/auth/registerX')?.prefix).toBe('/api/auth');
    expect(findRoute('/api/admin')).toBeUndefined();
  });
});

describe('body limits by route (the upload limits of the table live here)', () => {
  it.each([
    ['POST', '/api/auth/register', 15 * MB],
    ['POST', `/api/users/${ID}/avatar`, 15 * MB],
    ['POST', '/api/items', 45 * MB],
    ['PUT', `/api/items/${ID}`, 45 * MB],
    // Only those methods, only those exact paths; everything else 1 MB.
    ['PUT', '/api/auth/register', MB],
    ['GET', '/api/items', MB],
    ['POST', `/api/items/${ID}`, MB],
    ['POST', `/api/items/${ID}/favorite`, MB],
    ['PUT', `/api/items/${ID}/images`, MB],
    ['POST', '/api/items/x/y', MB],
    ['POST', '/api/auth/register/x', MB],
    ['POST', '/x/api/auth/register', MB],
    ['POST', `/api/users/${ID}/avatar/x`, MB],
    ['POST', '/api/users//avatar', MB],
    ['POST', `/x/api/users/${ID}/avatar`, MB],
    ['POST', '/x/api/items', MB],
    ['PUT', `/x/api/items/${ID}`, MB],
    [undefined, '/api/items', MB],
  ])('%s %s: %d bytes', (method, path, limit) => {
    expect(bodyLimitOf(method, path)).toBe(limit);
  });

  it('matches the routes in any case (express is case-insensitive)', () => {
    expect(bodyLimitOf('POST', '/API/Auth/Register')).toBe(15 * MB);
    expect(bodyLimitOf('POST', `/API/USERS/${ID}/AVATAR`)).toBe(15 * MB);
    expect(bodyLimitOf('POST', '/API/ITEMS')).toBe(45 * MB);
    expect(bodyLimitOf('PUT', `/API/ITEMS/${ID}`)).toBe(45 * MB);
  });
});

describe('normalizeApiPath', () => {
  it.each([
    ['/api//items///x', '/api/items/x'],
    ['/api/items/', '/api/items'],
    ['/api/items//', '/api/items'],
    ['/', '/'],
    ['//', '/'],
    ['/api/Items', '/api/Items'],
    ['/api/%2Fitems', '/api/%2Fitems'],
  ])('%s → %s', (path, normal) => {
    expect(normalizeApiPath(path)).toBe(normal);
  });
});
