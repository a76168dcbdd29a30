import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildItem, buildUser, healthyResponse, mockApi, requestBody, wasCalled } from '../testing/api-mock';
import { rememberReportedUser } from '../lib/report-hint';

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

const created = {
  id: 'r1',
  type: 'item',
  urgency: 'critical',
  subject: 'Fake listing',
  description: 'This listing asks for money up front.',
  relatedUser: null,
  relatedItem: '66a1b2c3d4e5f60718293a4b',
  contactEmail: null,
  reporterId: null,
  reporter: null,
  source: 'user',
  status: 'open',
  adminNotes: null,
  assignedTo: null,
  createdAt: '2024-06-01T10:00:00.000Z',
  updatedAt: '2024-06-01T10:00:00.000Z',
};

describe('/report-issue and /reported', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('signed out: the form, the emergency notice and what happens next; validation texts of the spec', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/report-issue');

    expect(await screen.findByRole('heading', { level: 1, name: 'Report an Issue' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'In an emergency?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Reported user')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reported listing')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Subject'), 'Bad');
    await userEvent.type(screen.getByLabelText('Description'), 'Too short');
    await userEvent.type(screen.getByLabelText('Your e-mail (optional)'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));

    expect(await screen.findByText('Please select a report type')).toBeInTheDocument();
    expect(screen.getByText('Please select urgency level')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 20 characters')).toBeInTheDocument();
    expect(screen.getByText('Valid email required')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/reports')).toBe(false);
  });

  it('type item shows the listing field; ?type=item&item= pre-fills it; success goes to /reported', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/reports': () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              new Response(JSON.stringify(created), {
                status: 201,
                headers: { 'Content-Type': 'application/json' },
              }),
            );
        }),
    });
    const { router } = renderApp('/report-issue?type=item&item=66a1b2c3d4e5f60718293a4b');

    expect(await screen.findByLabelText('Reported listing')).toHaveValue('66a1b2c3d4e5f60718293a4b');
    expect(screen.getByLabelText('Report type')).toHaveValue('item');
    await userEvent.selectOptions(screen.getByLabelText('Urgency'), 'critical');
    await userEvent.type(screen.getByLabelText('Subject'), 'Fake listing');
    await userEvent.type(screen.getByLabelText('Description'), 'This listing asks for money up front.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reported'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your report' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Our safety team will review it within 24 hours.')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
    expect(requestBody(fetchMock, 'POST', '/api/reports')).toEqual({
      type: 'item',
      urgency: 'critical',
      subject: 'Fake listing',
      description: 'This listing asks for money up front.',
      relatedItem: '66a1b2c3d4e5f60718293a4b',
    });
  });

  it('the Report User hint pre-fills the reported user and names them', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    rememberReportedUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Lena Vogel', username: 'lena' });
    renderApp('/report-issue');

    expect(await screen.findByLabelText('Reported user')).toHaveValue('65f1a2b3c4d5e6f708192a77');
    expect(screen.getByLabelText('Report type')).toHaveValue('user');
    expect(screen.getByText('Reporting Lena Vogel (@lena)')).toBeInTheDocument();
  });

  it('chat Report (?type=user&user=) pre-fills the user; choosing another type hides it', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/report-issue?type=user&user=65f1a2b3c4d5e6f708192a77');

    expect(await screen.findByLabelText('Reported user')).toHaveValue('65f1a2b3c4d5e6f708192a77');
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'fraud');
    expect(screen.queryByLabelText('Reported user')).not.toBeInTheDocument();
  });

  it('a form opened from a listing names the listing by its title', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/items/66a1b2c3d4e5f60718293a4b': {
        body: buildItem({ id: '66a1b2c3d4e5f60718293a4b', title: 'Blue backpack' }),
      },
      'GET /api/users/65f1a2b3c4d5e6f708192a77': {
        body: buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Tomás Costa', username: 'tomas.costa' }),
      },
    });
    renderApp('/report-issue?type=item&item=66a1b2c3d4e5f60718293a4b');
    expect(await screen.findByText('Reporting “Blue backpack”')).toBeInTheDocument();
    expect(screen.getByLabelText('Reported listing')).toHaveValue('66a1b2c3d4e5f60718293a4b');
  });

  it('a form opened from a chat names the reported user', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/users/65f1a2b3c4d5e6f708192a77': {
        body: buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Tomás Costa', username: 'tomas.costa' }),
      },
    });
    renderApp('/report-issue?type=user&user=65f1a2b3c4d5e6f708192a77');
    expect(await screen.findByText('Reporting Tomás Costa (@tomas.costa)')).toBeInTheDocument();
  });

  it('failure: Submission Failed / Unable to submit your report, and the server field error', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/reports': {
        status: 400,
        body: { error: 'Validation failed', details: [{ field: 'relatedUser', message: 'User not found' }] },
      },
    });
    const { router } = renderApp('/report-issue?type=user&user=nobody');

    await userEvent.selectOptions(await screen.findByLabelText('Urgency'), 'low');
    await userEvent.type(screen.getByLabelText('Subject'), 'Strange user');
    await userEvent.type(screen.getByLabelText('Description'), 'This user keeps sending me odd links.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));

    expect(await toasts().findByText('Submission Failed')).toBeInTheDocument();
    expect(toasts().getByText('Unable to submit your report. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/report-issue');
  });
});
