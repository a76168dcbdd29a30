import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Report } from '@nomadswap/contracts/responses';
import type { AuditEntry, ContactMessage } from '@nomadswap/contracts/moderation-responses';
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

const admin = buildUser({
  id: '65f1a2b3c4d5e6f708192a01',
  role: 'admin',
  fullName: 'Ada Admin',
  username: 'ada',
});

function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    id: '69a1b2c3d4e5f60718293a01',
    type: 'item',
    urgency: 'critical',
    subject: 'Fake listing',
    description: 'This listing asks for money up front.',
    relatedUser: { id: '65f1a2b3c4d5e6f708192a77' },
    relatedItem: null,
    contactEmail: null,
    reporterId: null,
    reporter: null,
    source: 'user',
    status: 'open',
    adminNotes: null,
    assignedTo: null,
    createdAt: '2024-06-01T10:00:00.000Z',
    updatedAt: '2024-06-01T10:00:00.000Z',
    ...overrides,
  };
}

function listed(body: unknown, total: number) {
  return () =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
    });
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

const entry: AuditEntry = {
  id: 'a1',
  actorId: admin.id,
  actor: { id: admin.id, fullName: 'Ada Admin', username: 'ada' },
  action: 'report.status_changed',
  target: { type: 'report', id: '69a1b2c3d4e5f60718293a01' },
  at: '2024-06-02T10:00:00.000Z',
  before: { status: 'open' },
  after: { status: 'resolved' },
};

const contactMessage: ContactMessage = {
  id: 'c1',
  name: 'Vera Visitor',
  email: 'vera@example.test',
  subject: 'Partnership idea',
  category: 'partnership',
  message: 'We run hostels and would love to work together.',
  userId: null,
  createdAt: '2024-06-02T10:00:00.000Z',
};

describe('admin dashboard: reports, audit log, contact messages', () => {
  it('Reports Submitted: the first 5, URGENT for critical, Anonymous, id, +N more reports, view reported user', async () => {
    const reports = [
      buildReport(),
      ...Array.from({ length: 6 }, (_, n) =>
        buildReport({
          id: `69a1b2c3d4e5f60718293b0${n}`,
          urgency: 'low',
          subject: `Report ${n}`,
          reporter: { fullName: 'Rita Reporter' },
          relatedUser: null,
        }),
      ),
    ];
    signInAs(admin, {
      'GET /api/reports': listed(reports, 7),
      'GET /api/admin/audit-log': listed([entry], 1),
      'GET /api/admin/contact-messages': listed([contactMessage], 1),
    });
    renderApp('/admin');

    const section = within(
      (await screen.findByRole('heading', { name: 'Reports Submitted' })).closest('section')!,
    );
    expect(await section.findAllByRole('article')).toHaveLength(5);
    const first = within(section.getAllByRole('article')[0]!);
    expect(first.getByText('URGENT')).toBeInTheDocument();
    expect(first.getByText(/By Anonymous/)).toBeInTheDocument();
    expect(first.getByText('ID: 69a1b2c3d4e5f60718293a01')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View reported user' })).toHaveAttribute(
      'href',
      '/user/65f1a2b3c4d5e6f708192a77',
    );
    expect(within(section.getAllByRole('article')[1]!).queryByText('URGENT')).not.toBeInTheDocument();
    expect(section.getAllByText(/By Rita Reporter/)).toHaveLength(4);
    expect(section.getByRole('link', { name: '+2 more reports' })).toHaveAttribute('href', '/admin/reports');

    const audit = within(screen.getByRole('heading', { name: 'Recent admin actions' }).closest('section')!);
    expect(await audit.findByText('Ada Admin')).toBeInTheDocument();
    expect(audit.getByText(/status: open → resolved/)).toBeInTheDocument();
    expect(audit.getByRole('link', { name: 'View audit log' })).toHaveAttribute('href', '/admin/audit-log');

    const contact = within(screen.getByRole('heading', { name: 'Contact messages' }).closest('section')!);
    expect(await contact.findByText('Partnership idea')).toBeInTheDocument();
  });

  it('names, not ids: the reporter, the reported user and listing by name, the reply address; ids only beside them', async () => {
    const named = buildReport({
      relatedUser: { id: '65f1a2b3c4d5e6f708192a77', fullName: 'Tomás Costa', username: 'tomas.costa' },
      relatedItem: '66aa00bb11cc22dd33ee44ff',
      relatedItemTitle: 'Blue backpack',
      reporterId: '65f1a2b3c4d5e6f708192a55',
      reporter: { fullName: 'Rita Reporter', username: 'rita' },
      contactEmail: 'rita@example.test',
    });
    const onUser: AuditEntry = {
      ...entry,
      id: 'a2',
      action: 'user.approved',
      target: { type: 'user', id: '65f1a2b3c4d5e6f708192a77', name: 'Tomás Costa', username: 'tomas.costa' },
      before: null,
      after: null,
    };
    signInAs(admin, {
      'GET /api/reports': listed([named], 1),
      'GET /api/admin/audit-log': listed([onUser], 1),
      'GET /api/admin/contact-messages': listed([], 0),
    });
    renderApp('/admin');

    const card = within(await screen.findByRole('article', { name: 'Fake listing' }));
    expect(card.getByText(/By Rita Reporter \(@rita\)/)).toBeInTheDocument();
    expect(card.getByText('Reported user: Tomás Costa (@tomas.costa)')).toBeInTheDocument();
    expect(card.getByText('Reported listing: Blue backpack')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'rita@example.test' })).toHaveAttribute(
      'href',
      'mailto:rita@example.test',
    );
    expect(card.getByText('User 65f1a2b3c4d5e6f708192a77')).toHaveClass('whitespace-nowrap');
    expect(card.getByText('Listing 66aa00bb11cc22dd33ee44ff')).toBeInTheDocument();

    const audit = within(screen.getByRole('heading', { name: 'Recent admin actions' }).closest('section')!);
    expect(await audit.findByRole('link', { name: 'user Tomás Costa (@tomas.costa)' })).toHaveAttribute(
      'href',
      '/admin/users/65f1a2b3c4d5e6f708192a77',
    );
    expect(audit.getByText('ID: 65f1a2b3c4d5e6f708192a77')).toBeInTheDocument();
  });

  it('no reports: All clear!', async () => {
    signInAs(admin, { 'GET /api/reports': listed([], 0) });
    renderApp('/admin');
    expect(await screen.findByText('All clear!')).toBeInTheDocument();
  });

  it('Resolve sends the status and toasts Report updated; the checkbox reopens a resolved report', async () => {
    let current = buildReport();
    const fetchMock = signInAs(admin, {
      'GET /api/reports': () => listed([current], 1)(),
      [`PUT /api/reports/${current.id}`]: (init) => {
        current = { ...current, ...(JSON.parse(String(init?.body)) as Partial<Report>) };
        return new Response(JSON.stringify(current), { status: 200 });
      },
    });
    renderApp('/admin');

    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    expect(await toasts().findByText('Report updated')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', `/api/reports/${current.id}`)).toEqual({ status: 'resolved' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Reopen report' }));
    expect(await screen.findByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(current.status).toBe('open');
  });

  it('a failed update: Error / Failed to update report', async () => {
    const report = buildReport();
    signInAs(admin, {
      'GET /api/reports': listed([report], 1),
      [`PUT /api/reports/${report.id}`]: { status: 500, body: {} },
    });
    renderApp('/admin');

    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await toasts().findByText('Failed to update report')).toBeInTheDocument();
  });

  it('/admin/reports filters by status, type and urgency through the query', async () => {
    const fetchMock = signInAs(admin, { 'GET /api/reports': listed([buildReport()], 1) });
    renderApp('/admin/reports');

    expect(await screen.findByRole('heading', { level: 1, name: 'Report Queue' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await userEvent.selectOptions(screen.getByLabelText('Urgency'), 'critical');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('status=open') && String(url).includes('urgency=critical'),
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('1 report')).toBeInTheDocument();
  });

  it('/admin/audit-log lists entries; non-admins see Access Denied', async () => {
    signInAs(admin, { 'GET /api/admin/audit-log': listed([entry], 1) });
    renderApp('/admin/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(await screen.findByText(/changed the status of/)).toBeInTheDocument();
  });

  it('non-admins: Access Denied on the queue', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/admin/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });
  it('admin user detail: a review is deleted after confirmation (Review deleted); a failure says so', async () => {
    const member = buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Lena Vogel', username: 'lena' });
    const review = buildReview({ revieweeId: member.id });
    let fail = false;
    const fetchMock = signInAs(admin, {
      [`GET /api/admin/users/${member.id}`]: { body: member },
      [`GET /api/reviews/${member.id}`]: { body: [review] },
      [`DELETE /api/admin/reviews/${review.id}`]: () =>
        fail
          ? new Response('{}', { status: 500 })
          : new Response(JSON.stringify({ message: 'ok', id: review.id })),
    });
    renderApp(`/admin/users/${member.id}`);

    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Delete review by Marco Rossi' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Review' }),
    );
    expect(await toasts().findByText('Failed to delete review. Please try again.')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete review by Marco Rossi' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Review' }),
    );
    expect(await toasts().findByText('Review deleted')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', `/api/admin/reviews/${review.id}`)).toBe(true);
  });
});
