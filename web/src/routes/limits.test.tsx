import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  limitRowsOfForm,
  limitValue,
  type LimitForm,
  type LimitRow,
} from '@nomadswap/contracts/limits.test-table';
import type * as ImageResize from '../lib/image-resize';
import { renderApp } from '../testing/render-app';
import { buildUser, healthyResponse, mockApi, requestBody, signInAs, wasCalled } from '../testing/api-mock';

// jsdom has no canvas: the resize step is replaced, the file checks stay real.
vi.mock('../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageResize>()),
  resizeImage: vi.fn(async () => 'data:image/jpeg;base64,/9j/4AAQSkZJRg=='),
}));

/** An answer that never comes: the test only looks at what the form sent. */
const pending = () => new Promise<Response>(() => undefined);

async function setField(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}

interface FormSpec {
  path: string;
  /** The request the form sends (`METHOD /path`). */
  sends: string;
  submit: string;
  /** The label of each field of the form's rows. */
  labels: Record<string, string>;
  /** Mocks the API and returns the fetch mock. */
  api(): ReturnType<typeof mockApi>;
  /** Fills every field valid (the row's field may then be replaced). */
  fill(user: UserEvent, row: LimitRow): Promise<void>;
  /** Fields the row's field must be copied to (a confirmation). */
  also?: Record<string, string>;
  /** Fields whose error is a notification rather than the field's description. */
  toasts?: string[];
}

const me = buildUser();
const reviewee = buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Lena Vogel', username: 'lena' });

const FORMS: Partial<Record<LimitForm, FormSpec>> = {
  report: {
    path: '/report-issue',
    sends: 'POST /api/reports',
    submit: 'Submit Report',
    labels: {
      subject: 'Subject',
      description: 'Description',
      relatedUser: 'Reported user',
      relatedItem: 'Reported listing',
    },
    api: () => mockApi({ 'GET /api/health': { body: healthyResponse }, 'POST /api/reports': pending }),
    async fill(user, row) {
      const type = row.field === 'relatedItem' ? 'item' : 'user';
      await user.selectOptions(await screen.findByLabelText('Report type'), type);
      await user.selectOptions(screen.getByLabelText('Urgency'), 'low');
      await setField(user, 'Subject', 'Rude message');
      await setField(user, 'Description', 'The other person insulted me in the chat.');
    },
  },
  contact: {
    path: '/contact',
    sends: 'POST /api/contact',
    submit: 'Send Message',
    labels: { name: 'Name', subject: 'Subject', message: 'Message' },
    api: () => mockApi({ 'GET /api/health': { body: healthyResponse }, 'POST /api/contact': pending }),
    async fill(user) {
      await screen.findByLabelText('Name');
      await setField(user, 'Name', 'Ana Silva');
      await setField(user, 'Email', 'ana@example.test');
      await setField(user, 'Subject', 'Hello');
      await user.selectOptions(screen.getByLabelText('Category'), 'safety');
      await setField(user, 'Message', 'How do I meet safely?');
    },
  },
  register: {
    path: '/auth/register',
    sends: 'POST /api/auth/register',
    submit: 'Create Account',
    labels: {
      fullName: 'Full Name',
      username: 'Username',
      location: 'Location',
      password: 'Password',
      bio: 'Bio',
    },
    also: { password: 'Confirm Password' },
    api: () => mockApi({ 'GET /api/health': { body: healthyResponse }, 'POST /api/auth/register': pending }),
    async fill(user) {
      await screen.findByLabelText('Full Name');
      await setField(user, 'Full Name', 'Lena Traveller');
      await setField(user, 'Username', 'lisbonlena');
      await setField(user, 'Email', 'lena@example.com');
      await setField(user, 'Location', 'Lisbon, Portugal');
      await setField(user, 'Password', 'secret12');
      await setField(user, 'Confirm Password', 'secret12');
      await setField(user, 'Bio', 'Moving from Lisbon to Bangkok next month.');
      await user.upload(
        screen.getByLabelText('Profile Photo'),
        new File(['jpeg-bytes'], 'me.jpg', { type: 'image/jpeg' }),
      );
      await screen.findByRole('img', { name: 'Profile photo preview' });
      await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    },
  },
  review: {
    path: `/review/${reviewee.id}`,
    sends: 'POST /api/reviews',
    submit: 'Submit Review',
    labels: { comment: 'Your review' },
    toasts: ['comment'],
    api: () =>
      signInAs(me, { [`GET /api/users/${reviewee.id}`]: { body: reviewee }, 'POST /api/reviews': pending }),
    async fill(user) {
      await user.click(await screen.findByRole('radio', { name: '5 stars, Excellent' }));
      await setField(user, 'Your review', 'Great swap');
    },
  },
};

/** Rows of a form that this test fills (rating is a star picker: 1 to 5 is all it offers). */
const rowsOf = (form: LimitForm) =>
  limitRowsOfForm(form).filter(
    (row) => row.kind === 'length' && !(form === 'review' && row.field === 'rating'),
  );

async function fillRow(spec: FormSpec, row: LimitRow, n: number) {
  const fetchMock = spec.api();
  renderApp(spec.path);
  const user = userEvent.setup();
  await spec.fill(user, row);
  const value = String(limitValue(row, n));
  await setField(user, spec.labels[row.field]!, value);
  const copy = spec.also?.[row.field];
  if (copy) await setField(user, copy, value);
  return { fetchMock, user, field: screen.getByLabelText(spec.labels[row.field]!) as HTMLInputElement };
}

describe.each(Object.entries(FORMS) as [LimitForm, FormSpec][])(
  'the %s form at each limit and one past',
  (form, spec) => {
    it('has a field for every row of the table it shows', () => {
      expect(rowsOf(form).length).toBeGreaterThan(0);
      expect(
        rowsOf(form)
          .filter((row) => !spec.labels[row.field])
          .map((row) => row.name),
      ).toEqual([]);
    });

    it.each(rowsOf(form).map((row) => [row.name, row] as const))('%s', async (_name, row) => {
      const [verb, path] = spec.sends.split(' ') as [string, string];
      // At the limit: sent as typed.
      const at = await fillRow(spec, row, row.at);
      await at.user.click(screen.getByRole('button', { name: spec.submit }));
      await waitFor(() => expect(wasCalled(at.fetchMock, verb, path)).toBe(true));
      expect((requestBody(at.fetchMock, verb, path) as Record<string, unknown>)[row.field]).toBe(
        limitValue(row, row.at),
      );
      cleanup();

      // One past: the field's own text, and nothing sent; or, where the field takes no more, cut to the limit.
      const past = await fillRow(spec, row, row.past);
      if (past.field.maxLength === row.at) {
        expect(past.field.value).toHaveLength(row.at);
        return;
      }
      await past.user.click(screen.getByRole('button', { name: spec.submit }));
      if (spec.toasts?.includes(row.field)) {
        const notifications = within(screen.getByRole('region', { name: /Notifications/ }));
        expect(await notifications.findByText(row.message)).toBeInTheDocument();
      } else {
        await waitFor(() =>
          expect(past.field).toHaveAccessibleDescription(expect.stringContaining(row.message)),
        );
      }
      expect(wasCalled(past.fetchMock, verb, path)).toBe(false);
    });
  },
);
