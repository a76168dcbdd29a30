import { describe, expect, it } from 'vitest';
import { preloadSignedInPage } from './router';
import { currentUserQueryKey } from '../features/auth/api/get-current-user';
import { createQueryClient } from '../lib/query-client';
import { buildUser, jsonResponse, signInAs } from '../testing/api-mock';

/** A promise's state now, without waiting for it. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  // Long enough for the chunk's dynamic import and the resolved fetches to settle.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
}

describe('preloadSignedInPage', () => {
  it("/profile: the page (its chunk and who is signed in) is ready without waiting for the lists' reads", async () => {
    const me = buildUser({ isApproved: true });
    let answerItems: (response: Response) => void = () => {};
    signInAs(me, {
      'GET /api/items': () => new Promise<Response>((resolve) => (answerItems = resolve)),
      [`GET /api/reviews/${me.id}`]: { body: [] },
      'GET /api/favorites': { body: [] },
    });
    const queryClient = createQueryClient();

    const { page, reads } = preloadSignedInPage(queryClient, { pathname: '/profile', search: '' });
    await page;
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(me);
    expect(await settledYet(reads)).toBe(false);

    answerItems(jsonResponse(200, []));
    await reads;
  });

  it('/messages: ready once its chunk and who is signed in are, before the conversations answer', async () => {
    const me = buildUser({ isApproved: true });
    let answerList: (response: Response) => void = () => {};
    signInAs(me, {
      'GET /api/conversations': () => new Promise<Response>((resolve) => (answerList = resolve)),
    });

    const { page, reads } = preloadSignedInPage(createQueryClient(), { pathname: '/messages', search: '' });
    await page;
    expect(await settledYet(reads)).toBe(false);

    answerList(jsonResponse(200, []));
    await reads;
  });

  it('another page starts nothing', async () => {
    const fetchMock = signInAs(buildUser());
    const { page, reads } = preloadSignedInPage(createQueryClient(), { pathname: '/browse', search: '' });
    await Promise.all([page, reads]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
