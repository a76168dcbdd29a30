import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildReview,
  buildUser,
  healthyResponse,
  mockApi,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const me = buildUser();
const reviewee = buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Lena Vogel', username: 'lena' });
const path = `/review/${reviewee.id}`;

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('/review/:userId', () => {
  it('logged out: Authentication Required', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication Required' }),
    ).toBeInTheDocument();
  });

  it('shows the reviewee and validates rating and comment with the spec texts', async () => {
    const fetchMock = signInAs(me, { [`GET /api/users/${reviewee.id}`]: { body: reviewee } });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Leave a Review' })).toBeInTheDocument();
    expect(await screen.findByText('Lena Vogel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    // The toast region arrives with the first toast or press (app/providers.tsx).
    await screen.findByRole('region', { name: /Notifications/ });
    expect(await toasts().findByText('Rating required')).toBeInTheDocument();
    expect(screen.getAllByText('Please select a star rating before submitting.').length).toBeGreaterThan(0);
    expect(
      screen.getByText('Please share your exchange experience to help other nomads.'),
    ).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/reviews')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: '4 stars, Very Good' }));
    await userEvent.type(screen.getByLabelText('Your review'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await toasts().findByText('Comment required')).toBeInTheDocument();
  });

  it('the stars are a radio group: arrow keys change the rating and the label follows', async () => {
    signInAs(me, { [`GET /api/users/${reviewee.id}`]: { body: reviewee } });
    renderApp(path);

    const group = await screen.findByRole('radiogroup', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    await userEvent.click(radios[1]!);
    expect(within(group.parentElement!).getByText('Fair')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(radios[2]).toBeChecked();
    expect(within(group.parentElement!).getByText('Good')).toBeInTheDocument();
  });

  it('counts the comment against 500 and submits: toast, then /profile', async () => {
    const fetchMock = signInAs(me, {
      [`GET /api/users/${reviewee.id}`]: { body: reviewee },
      'POST /api/reviews': { status: 201, body: buildReview({ revieweeId: reviewee.id }) },
      'GET /api/users/me/items': { body: [] },
    });
    const { router } = renderApp(`${path}?exchange=68c1d2e3f4a5b6c7d8e9f0a1`);

    await userEvent.click(await screen.findByRole('radio', { name: '5 stars, Excellent' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Great swap');
    expect(screen.getByText('10/500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await toasts().findByText('Review submitted!')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/api/reviews')).toEqual({
      rating: 5,
      comment: 'Great swap',
      revieweeId: reviewee.id,
      exchangeId: '68c1d2e3f4a5b6c7d8e9f0a1',
    });
  });

  it('failure: Failed to submit review with the server reason, and stays on the page', async () => {
    signInAs(me, {
      [`GET /api/users/${reviewee.id}`]: { body: reviewee },
      'POST /api/reviews': { status: 403, body: { error: 'No completed exchange found with this user' } },
    });
    const { router } = renderApp(path);

    await userEvent.click(await screen.findByRole('radio', { name: '3 stars, Good' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await toasts().findByText('Failed to submit review')).toBeInTheDocument();
    expect(toasts().getByText('No completed exchange found with this user')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
