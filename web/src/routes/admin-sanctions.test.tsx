import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Sanction } from '@nomadswap/contracts/sanctions';
import { renderApp } from '../testing/render-app';
import { buildUser, requestBody, signInAs, wasCalled } from '../testing/api-mock';

const admin = buildUser({
  id: '65f1a2b3c4d5e6f708192a01',
  role: 'admin',
  fullName: 'Ada Admin',
  username: 'ada',
});
const omar = buildUser({ id: '65f1a2b3c4d5e6f708192a66', fullName: 'Omar Okay', username: 'omar' });
const DETAIL = `/api/admin/users/${omar.id}`;
const SANCTIONS = `${DETAIL}/sanctions`;
const END = '2030-01-08T10:00:00.000Z';

const restriction: Sanction = {
  id: '65f1a2b3c4d5e6f708192b01',
  userId: omar.id,
  type: 'restrict',
  reason: 'Listings of items he does not own',
  days: 7,
  startsAt: '2030-01-01T10:00:00.000Z',
  endsAt: END,
  admin: { id: admin.id, username: 'ada', fullName: 'Ada Admin' },
  liftedAt: null,
  liftedBy: null,
  reportId: null,
  active: true,
};

describe('/admin/users/:userId sanctions (issue 26)', () => {
  it('the form refuses 366 days with the shared text and sends nothing; 365 days sends the restriction', async () => {
    const fetchMock = signInAs(admin, {
      [`GET ${DETAIL}`]: { body: omar },
      [`GET ${SANCTIONS}`]: { body: [] },
      [`POST ${SANCTIONS}`]: { status: 201, body: { ...restriction, days: 365 } },
    });
    renderApp(`/admin/users/${omar.id}`);
    const user = userEvent.setup();

    expect(await screen.findByText('No warning, restriction or suspension in force.')).toBeInTheDocument();
    expect(await screen.findByText('No sanctions so far.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    const dialog = screen.getByRole('dialog', { name: 'Restrict Omar Okay?' });
    const days = within(dialog).getByLabelText('Days');
    await user.clear(days);
    await user.type(days, '366');
    await user.type(within(dialog).getByLabelText('Reason'), 'Listings of items he does not own');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findByText('Days must be a whole number from 1 to 365')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', SANCTIONS)).toBe(false);

    await user.clear(days);
    await user.type(days, '365');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await screen.findByText('Omar Okay is restricted')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', SANCTIONS)).toEqual({
      type: 'restrict',
      days: 365,
      reason: 'Listings of items he does not own',
    });
  });

  it('shows the restriction in force with its history, and Lift asks first, then lifts', async () => {
    const fetchMock = signInAs(admin, {
      [`GET ${DETAIL}`]: {
        body: {
          ...omar,
          sanction: { id: restriction.id, type: 'restrict', reason: restriction.reason, endsAt: END },
        },
      },
      [`GET ${SANCTIONS}`]: { body: [restriction] },
      [`DELETE ${SANCTIONS}/current`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/admin/users/${omar.id}`);
    const user = userEvent.setup();

    expect(await screen.findByText(/^Restricted · until/)).toBeInTheDocument();
    expect(await screen.findByText('In force')).toBeInTheDocument();
    expect(screen.getByText('By Ada Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lift' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Lift the sanction of Omar Okay?' });
    expect(wasCalled(fetchMock, 'DELETE', `${SANCTIONS}/current`)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText("Omar Okay's sanction was lifted")).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', `${SANCTIONS}/current`)).toBe(true);
  });
});

describe('what a sanctioned user sees', () => {
  it('a warning shows as a banner until dismissed', async () => {
    signInAs(
      buildUser({
        ...omar,
        warning: { id: 'w1', reason: 'Be kind in chat', at: '2030-01-01T10:00:00.000Z' },
      }),
    );
    renderApp('/contact');
    const user = userEvent.setup();

    expect(
      await screen.findByText('You received a warning from NomadSwap moderators: Be kind in chat'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the warning' }));
    expect(screen.queryByText(/You received a warning/)).not.toBeInTheDocument();
  });

  it('a restriction says what they cannot do, until when, and links to the appeal form', async () => {
    signInAs(
      buildUser({ ...omar, sanction: { id: 's1', type: 'restrict', reason: 'Spam listings', endsAt: END } }),
    );
    renderApp('/contact');

    expect(
      await screen.findByText(/^Your account is restricted until .*you cannot list items/),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Spam listings')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Appeal through the contact form/ })[0]).toHaveAttribute(
      'href',
      '/contact?category=appeal',
    );
  });
});
