import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  LIMIT_ROWS,
  limitRowsOfForm,
  limitValue,
  type LimitForm,
  type LimitRow,
} from '@nomadswap/contracts/limits.test-table';
import type * as ImageResize from '../lib/image-resize';
import { OUTBOX_STORAGE_KEY } from '../features/messages/hooks/use-outbox';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  mockApi,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

// jsdom has no canvas: the resize step is replaced (one data URL per file, so photos stay distinct), the file
// checks stay real.
vi.mock('../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageResize>()),
  resizeImage: vi.fn(async (file: File) => `data:image/jpeg;base64,${btoa(file.name)}`),
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
  /** Opens the form once the page is there (an inline editor behind a button). */
  open?(user: UserEvent): Promise<void>;
  /** Fields set by a control other than typing (photos): sets the field to `n` entries. */
  setters?: Record<string, (user: UserEvent, n: number) => Promise<void>>;
  /**
   * Fields whose one-past value the form does not let through at all: the submit button is disabled (the
   * composer has no "empty" text to show; Send is off while the message is blank).
   */
  disables?: string[];
}

const me = buildUser();
const reviewee = buildUser({ id: '65f1a2b3c4d5e6f708192a77', fullName: 'Lena Vogel', username: 'lena' });
const admin = buildUser({
  id: '65f1a2b3c4d5e6f708192a01',
  role: 'admin',
  fullName: 'Ada Admin',
  username: 'ada',
});
const member = buildUser({ id: '65f1a2b3c4d5e6f708192a66', fullName: 'Omar Okay', username: 'omar' });
const mine = buildItem({ id: 'i1', title: 'Camping stove', userId: me.id, images: [], photos: [] });
const theirs = buildItem({ id: 'i2', title: 'Blue tent', userId: reviewee.id, user: reviewee });

/** Picks `n` photos at once (each a distinct file). */
async function pickPhotos(user: UserEvent, n: number) {
  const files = Array.from(
    { length: n },
    (_, i) => new File(['jpeg'], `p${i + 1}.jpg`, { type: 'image/jpeg' }),
  );
  await user.upload(screen.getByLabelText('Add Photo'), files);
  await screen.findByRole('img', { name: `Photo ${Math.min(n, 3)}` });
}

/** The add and edit forms share the item form: the same fields, labels and photo picker. */
const itemForm = {
  labels: {
    title: 'Title',
    description: 'Description',
    location: 'Location',
    preferredExchange: 'Preferred Exchange (optional)',
    images: 'Add Photo',
  },
  setters: { images: pickPhotos },
  async fill(user: UserEvent) {
    await screen.findByLabelText('Title');
    await setField(user, 'Title', 'Camping stove');
    await setField(user, 'Description', 'Two-burner stove, used twice.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Travel Gear');
    await user.selectOptions(screen.getByLabelText('Condition'), 'good');
    await setField(user, 'Location', 'Lisbon, Portugal');
  },
} satisfies Partial<FormSpec>;

const FORMS: Record<LimitForm, FormSpec> = {
  login: {
    path: '/auth/login',
    sends: 'POST /api/auth/login',
    submit: 'Log In',
    labels: { password: 'Password' },
    api: () => mockApi({ 'GET /api/health': { body: healthyResponse }, 'POST /api/auth/login': pending }),
    async fill(user) {
      await screen.findByLabelText('Email');
      await setField(user, 'Email', 'lena@example.com');
      await setField(user, 'Password', 'secret12');
    },
  },
  'edit-profile': {
    path: '/profile',
    sends: `PUT /api/users/${me.id}`,
    submit: 'Save Changes',
    labels: { fullName: 'Full Name', location: 'Location', bio: 'Bio' },
    api: () => signInAs(me, { [`PUT /api/users/${me.id}`]: pending }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    },
    async fill() {
      // The form starts with the user's own values, all valid.
      await screen.findByLabelText('Full Name');
    },
  },
  stay: {
    path: '/profile',
    sends: `PUT /api/users/${me.id}`,
    submit: 'Save stay',
    labels: { location: 'City' },
    api: () => signInAs(me, { 'GET /api/items': { body: [] }, [`PUT /api/users/${me.id}`]: pending }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Add stay' }));
    },
    async fill(user) {
      await user.type(screen.getByLabelText('Last day'), '2030-01-31');
    },
  },
  alert: {
    path: '/profile',
    sends: 'POST /api/alerts',
    submit: 'Add alert',
    labels: { location: 'City to watch' },
    api: () =>
      signInAs(me, {
        'GET /api/items': { body: [] },
        'GET /api/alerts': { body: [] },
        'GET /api/places': { body: [] },
        'POST /api/alerts': pending,
      }),
    async fill() {
      await screen.findByLabelText('City to watch');
    },
  },
  'stay-next': {
    path: '/profile',
    sends: `PUT /api/users/${me.id}`,
    submit: 'Save stay',
    labels: { location: 'Next city' },
    api: () => signInAs(me, { 'GET /api/items': { body: [] }, [`PUT /api/users/${me.id}`]: pending }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Add stay' }));
      await user.click(await screen.findByRole('button', { name: 'Add next city' }));
    },
    async fill(user) {
      await setField(user, 'City', 'Lisbon');
      await user.type(screen.getByLabelText('Last day'), '2030-01-31');
      await user.type(screen.getByLabelText('Arriving on'), '2030-02-01');
    },
  },
  'add-item': {
    ...itemForm,
    path: '/add-item',
    sends: 'POST /api/items',
    submit: 'List Item',
    api: () => signInAs(me, { 'POST /api/items': pending }),
  },
  'edit-item': {
    ...itemForm,
    path: '/edit-item/i1',
    sends: 'PUT /api/items/i1',
    submit: 'Save Changes',
    api: () => signInAs(me, { 'GET /api/items/i1': { body: mine }, 'PUT /api/items/i1': pending }),
  },
  'swap-count': {
    path: `/admin/users/${member.id}`,
    sends: `PUT /api/admin/users/${member.id}/swap-count`,
    submit: 'Save swap count',
    labels: { reviewCount: 'Swap Count' },
    api: () => signInAs(admin, { [`GET /api/admin/users/${member.id}`]: { body: member } }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Edit swap count' }));
    },
    async fill() {
      await screen.findByRole('textbox', { name: 'Swap Count' });
    },
  },
  sanction: {
    path: `/admin/users/${member.id}`,
    sends: `POST /api/admin/users/${member.id}/sanctions`,
    submit: 'Restrict',
    labels: { reason: 'Reason', days: 'Days' },
    api: () =>
      signInAs(admin, {
        [`GET /api/admin/users/${member.id}`]: { body: member },
        [`GET /api/admin/users/${member.id}/sanctions`]: { body: [] },
        [`POST /api/admin/users/${member.id}/sanctions`]: pending,
      }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Restrict' }));
      await screen.findByRole('dialog', { name: 'Restrict Omar Okay?' });
    },
    async fill(user) {
      await setField(user, 'Days', '7');
      await setField(user, 'Reason', 'Listed a prohibited item twice');
    },
  },
  'swap-request': {
    path: '/item/i2',
    sends: 'POST /api/exchanges',
    submit: 'Send request',
    labels: { message: 'Message (optional)' },
    api: () =>
      signInAs(me, {
        'GET /api/items/i2': { body: theirs },
        'GET /api/items': { body: [] },
        'GET /api/exchanges': { body: [] },
        'POST /api/exchanges': pending,
      }),
    async open(user) {
      await user.click(await screen.findByRole('button', { name: 'Request this item' }));
    },
    async fill() {
      await screen.findByRole('dialog', { name: 'Request Blue tent' });
    },
  },
  composer: {
    path: `/messages?user=${reviewee.id}`,
    sends: 'POST /api/messages',
    submit: 'Send',
    labels: { content: 'Message' },
    disables: ['content'],
    api: () =>
      signInAs(me, {
        'GET /api/conversations': { body: [] },
        'GET /api/messages': { body: [] },
        [`GET /api/users/${reviewee.id}`]: { body: reviewee },
        'POST /api/messages': pending,
      }),
    async fill() {
      await screen.findByRole('heading', { level: 2, name: reviewee.fullName });
    },
  },
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

/**
 * Rows of a form that this test fills: rating is a star picker (1 to 5 is all it offers); the offered items are
 * checkboxes of the user's own listings, the 4th disabled once 3 are ticked (item-exchanges.test.tsx ticks 3
 * and tries the 4th).
 */
const UNTYPED: Partial<Record<LimitForm, string>> = { review: 'rating', 'swap-request': 'offeredItemIds' };
const rowsOf = (form: LimitForm) => limitRowsOfForm(form).filter((row) => UNTYPED[form] !== row.field);

async function fillRow(spec: FormSpec, row: LimitRow, n: number) {
  // The previous render's unanswered send is kept for a reload (the chat outbox): each render starts without.
  localStorage.removeItem(OUTBOX_STORAGE_KEY);
  const fetchMock = spec.api();
  renderApp(spec.path);
  const user = userEvent.setup();
  await spec.open?.(user);
  await spec.fill(user, row);
  const setter = spec.setters?.[row.field];
  if (setter) {
    await setter(user, n);
    return { fetchMock, user, field: undefined };
  }
  const value = String(limitValue(row, n));
  await setField(user, spec.labels[row.field]!, value);
  const copy = spec.also?.[row.field];
  if (copy) await setField(user, copy, value);
  return { fetchMock, user, field: screen.getByLabelText(spec.labels[row.field]!) as HTMLInputElement };
}

/** The row's field in the body a form sent (inside `within` where the schema sits under a key). */
function sentField(row: LimitRow, body: unknown): unknown {
  const path = [...(row.within?.split('.') ?? []), row.field];
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], body);
}

/** What the form sent for a row at size `n`: the typed value, or as many entries (photos). */
function expectSent(row: LimitRow, sent: unknown, n: number) {
  if (row.kind === 'count') expect(sent).toHaveLength(n);
  else expect(sent).toBe(limitValue(row, n));
}

it('every form the table names is filled here', () => {
  const named = new Set(LIMIT_ROWS.flatMap((row) => row.forms ?? []));
  expect([...named].sort()).toEqual(Object.keys(FORMS).sort());
});

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
      expectSent(row, sentField(row, requestBody(at.fetchMock, verb, path)), row.at);
      cleanup();

      // One past: the field's own text, and nothing sent; or, where the field takes no more, cut to the limit.
      const past = await fillRow(spec, row, row.past);
      if (past.field?.maxLength === row.at) {
        expect(past.field.value).toHaveLength(row.at);
        return;
      }
      const submit = screen.getByRole('button', { name: spec.submit });
      if (spec.disables?.includes(row.field)) {
        expect(submit).toBeDisabled();
        await past.user.click(submit);
        expect(wasCalled(past.fetchMock, verb, path)).toBe(false);
        return;
      }
      if (spec.setters?.[row.field]) {
        // A control that takes no more: the one past is refused with its notice, the rest is kept and sent.
        const notifications = within(screen.getByRole('region', { name: /Notifications/ }));
        expect(await notifications.findByText(row.message)).toBeInTheDocument();
        await past.user.click(submit);
        await waitFor(() => expect(wasCalled(past.fetchMock, verb, path)).toBe(true));
        expectSent(row, sentField(row, requestBody(past.fetchMock, verb, path)), row.at);
        return;
      }
      await past.user.click(submit);
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
