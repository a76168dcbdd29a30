import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import { renderApp } from '../testing/render-app';
import { buildExchange, buildItem, buildUser, signInAs } from '../testing/api-mock';

const me = buildUser({ fullName: 'Lena Traveller' });
const marcoId = '65f1a2b3c4d5e6f708192a77';
const now = Date.now();
const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();

beforeAll(async () => {
  await Promise.all([import('./profile'), import('./user-profile'), import('./admin-user')]);
});

describe('/profile Swaps tab', () => {
  it('groups my swaps into open, completed and ended, each with its next step', async () => {
    signInAs(me, {
      'GET /api/exchanges': {
        body: [
          buildExchange({ id: 'e1' }),
          buildExchange({
            id: 'e2',
            requesterId: me.id,
            ownerId: marcoId,
            item: {
              id: 'i2',
              title: 'Kindle',
              image: null,
              ownerId: marcoId,
              isSwapped: false,
              deleted: false,
            },
            status: 'accepted',
            acceptedAt: iso(-1000),
          }),
          buildExchange({
            id: 'e3',
            status: 'completed',
            completedAt: iso(-2000),
            confirmedBy: [me.id, marcoId],
          }),
          buildExchange({ id: 'e4', status: 'declined', endedAt: iso(-3000), endedBy: me.id }),
        ],
      },
      'GET /api/reviews/pending': {
        body: [
          {
            exchangeId: 'e3',
            completedAt: iso(-2000),
            otherUser: { id: marcoId, fullName: 'Marco Rossi', username: 'marco', avatar: null },
            item: null,
            otherReviewed: true,
          },
        ],
      },
    });
    renderApp('/profile?tab=swaps');

    const open = await screen.findByRole('region', { name: 'Open (2)' });
    expect(within(open).getByText('Marco Rossi asked for your Blue tent')).toBeInTheDocument();
    expect(within(open).getByText('Marco Rossi asked for this: accept or decline')).toBeInTheDocument();
    expect(within(open).getByText('You asked Marco Rossi for Kindle')).toBeInTheDocument();
    expect(within(open).getByText('Reserved: propose a meetup')).toBeInTheDocument();
    expect(within(open).getAllByRole('link', { name: 'Open chat with Marco Rossi' })[0]).toHaveAttribute(
      'href',
      `/messages?user=${marcoId}&item=i1`,
    );

    const completed = screen.getByRole('region', { name: 'Completed (1)' });
    expect(within(completed).getByRole('link', { name: 'Leave a review for Marco Rossi' })).toHaveAttribute(
      'href',
      `/review/${marcoId}?exchange=e3`,
    );
    const ended = screen.getByRole('region', { name: 'Ended (1)' });
    expect(within(ended).getByText('You declined the request.')).toBeInTheDocument();
  });

  it('with no swaps: an empty state that leads to browse', async () => {
    signInAs(me, { 'GET /api/exchanges': { body: [] } });
    renderApp('/profile?tab=swaps');
    const empty = (await screen.findByText('No swaps yet')).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
  });

  it('My Items shows the open requests for an item, opening to Accept / Decline', async () => {
    signInAs(me, {
      'GET /api/items': { body: [buildItem({ id: 'i1', title: 'Blue tent', userId: me.id })] },
      'GET /api/exchanges': { body: [buildExchange()] },
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByText('1 open request'));
    const card = await screen.findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('Pending Reviews says when the other person reviewed me first', async () => {
    signInAs(me, {
      'GET /api/reviews/pending': {
        body: [
          {
            exchangeId: 'e3',
            completedAt: iso(-2000),
            otherUser: { id: marcoId, fullName: 'Marco Rossi', username: 'marco', avatar: null },
            item: { id: 'i1', title: 'Blue tent' },
            otherReviewed: true,
          },
        ],
      },
    });
    renderApp('/profile?tab=pending-reviews');
    expect(await screen.findByText('Marco Rossi reviewed you — leave yours to see it')).toBeInTheDocument();
  });
});

describe('reliability: "Completed N of M arranged swaps"', () => {
  const min = EXCHANGE_LIMITS.reliabilityMinArranged;
  it.each([
    { arranged: min - 1, shown: false },
    { arranged: min, shown: true },
  ])(
    'with $arranged arranged swaps it is shown: $shown (public and own profile)',
    async ({ arranged, shown }) => {
      const marco = buildUser({
        id: marcoId,
        fullName: 'Marco Rossi',
        completedSwaps: 2,
        arrangedSwaps: arranged,
      });
      const text = `Completed 2 of ${arranged} arranged swaps`;
      signInAs(me, { [`GET /api/users/${marcoId}`]: { body: marco } });
      const { unmount } = renderApp(`/user/${marcoId}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeInTheDocument();
      expect(screen.queryByText(text) !== null).toBe(shown);
      unmount();

      signInAs({ ...me, completedSwaps: 2, arrangedSwaps: arranged });
      renderApp('/profile');
      expect(await screen.findByRole('heading', { level: 1, name: 'Lena Traveller' })).toBeInTheDocument();
      expect(screen.queryByText(text) !== null).toBe(shown);
    },
  );

  it.each([
    { medianMinutes: 18, text: 'Usually replies within 20 min' },
    { medianMinutes: 150, text: 'Usually replies within 3 hours' },
    { medianMinutes: null, text: null },
  ])(
    'a public profile shows the typical reply time in chat ($medianMinutes min)',
    async ({ medianMinutes, text }) => {
      const marco = buildUser({ id: marcoId, fullName: 'Marco Rossi' });
      signInAs(me, {
        [`GET /api/users/${marcoId}`]: { body: marco },
        [`GET /api/messaging/users/${marcoId}/reply-time`]: {
          body: { userId: marcoId, medianMinutes, samples: medianMinutes === null ? 1 : 5 },
        },
      });
      renderApp(`/user/${marcoId}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeInTheDocument();
      if (text) expect(await screen.findByText(text)).toBeInTheDocument();
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByText(/Usually replies/)).not.toBeInTheDocument();
      }
    },
  );

  it("the admin's user detail shows the no-shows reported against the user", async () => {
    const admin = buildUser({ id: '65f1a2b3c4d5e6f708192a01', role: 'admin', fullName: 'Ada Admin' });
    const marco = buildUser({
      id: marcoId,
      fullName: 'Marco Rossi',
      noShows: 2,
      completedSwaps: 1,
      arrangedSwaps: 3,
    });
    signInAs(admin, { [`GET /api/admin/users/${marcoId}`]: { body: marco } });
    renderApp(`/admin/users/${marcoId}`);
    expect(await screen.findByText('No-shows')).toBeInTheDocument();
    expect(screen.getByText(/2 no-shows reported/)).toHaveTextContent('Completed 1 of 3 arranged swaps');
  });
});
