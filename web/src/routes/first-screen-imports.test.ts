import { describe, expect, it, vi } from 'vitest';

/*
 * zod builds every schema of a module when the module loads, and the contracts' modules are mostly schemas: on a
 * phone, evaluating them (and downloading zod) came before `/profile`'s and `/messages?user=`'s first real paint
 * (issue 25). Those pages take their limits and names from the contracts' zod-free modules and load a schema when
 * a form is sent. Here zod and react-hook-form cannot be loaded at all: a static import of either, at any depth
 * of the pages' modules or the app's, fails the import.
 */
vi.mock('zod', () => {
  throw new Error('zod was imported by a first-screen module');
});
vi.mock('react-hook-form', () => {
  throw new Error('react-hook-form was imported by a first-screen module');
});

describe('the first screen of a signed-in page loads no schema library', () => {
  it('the app, /profile and /messages import without zod or react-hook-form', async () => {
    await expect(import('../app/app')).resolves.toHaveProperty('App');
    await expect(import('./profile')).resolves.toHaveProperty('default');
    await expect(import('./messages')).resolves.toHaveProperty('default');
  });

  it("/profile's Alerts card, loaded after the page's first commit, imports without them too", async () => {
    await expect(import('../features/alerts/components/alerts-card')).resolves.toHaveProperty('default');
  });

  it('the guard itself: a form that validates with a schema cannot be imported here', async () => {
    await expect(import('../features/auth/components/edit-profile-form')).rejects.toThrow();
  });
});
