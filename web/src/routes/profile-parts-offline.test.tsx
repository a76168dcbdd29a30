import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildUser, signInAs, wasCalled } from '../testing/api-mock';

/*
 * `/profile` fetches the Edit Profile form, and the stay's and alerts' schemas, when the user needs them (issue
 * 25). Here none of the three can be fetched — as when the phone went offline after the page loaded, or a deploy
 * replaced the chunks: each press says so in a toast, sends nothing, and leaves the page as it was (no error
 * screen), with the same button there to try again.
 */
vi.mock('../features/auth/components/edit-profile-form', () => {
  throw new TypeError('Failed to fetch dynamically imported module: edit-profile-form.js');
});
vi.mock('@nomadswap/contracts/stays', () => {
  throw new TypeError('Failed to fetch dynamically imported module: stays.js');
});
vi.mock('@nomadswap/contracts/alerts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: alerts.js');
});

const SLOW = { timeout: 15_000 };
const OFFLINE = 'This part of the app could not be loaded. Check your connection and try again.';
const me = buildUser({ id: 'u-lena', fullName: 'Lena Traveller' });

const toasts = () => within(screen.getByRole('region', { name: /Notifications/ }));

describe('/profile when a part loaded on demand cannot be fetched', () => {
  it('Edit Profile: a toast says so, the card and its button stay, no error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs(me, { 'GET /api/items': { body: [] } });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }, SLOW));

    expect(await toasts().findByText('Edit Profile could not be opened')).toBeInTheDocument();
    expect(toasts().getByText(OFFLINE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lena Traveller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('Save stay: a toast says the stay was not saved, nothing is sent, the form keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = signInAs(me, { 'GET /api/items': { body: [] } });
    const user = userEvent.setup();
    renderApp('/profile');
    const heading = await screen.findByRole('heading', { name: 'Your stay' }, SLOW);
    const section = heading.closest('div.rounded-xl, section, [class*="card"]') as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Add stay' }));
    await user.type(within(section).getByLabelText('Last day'), '2027-12-18');
    await user.click(within(section).getByRole('button', { name: 'Save stay' }));

    expect(await toasts().findByText('Could not save your stay')).toBeInTheDocument();
    expect(toasts().getByText(OFFLINE)).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'PUT', '/api/users/u-lena')).toBe(false);
    expect(within(section).getByLabelText('Last day')).toHaveValue('2027-12-18');
  });

  it('Add alert: a toast says the alert was not saved and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = signInAs(me, { 'GET /api/items': { body: [] }, 'GET /api/alerts': { body: [] } });
    const user = userEvent.setup();
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Alerts' }, SLOW);
    await within(section).findByText('No alerts yet');
    await user.type(within(section).getByRole('combobox', { name: 'City to watch' }), 'Porto');
    await user.click(within(section).getByRole('button', { name: 'Add alert' }));

    expect(await toasts().findByText('Could not save the alert')).toBeInTheDocument();
    expect(toasts().getByText(OFFLINE)).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/alerts')).toBe(false);
    expect(within(section).getByRole('combobox', { name: 'City to watch' })).toHaveValue('Porto');
  });
});
