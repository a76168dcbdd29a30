import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, i18n } from '../../../i18n';
import { buildUser, healthyResponse, mockApi, requestBody, wasCalled } from '../../../testing/api-mock';
import { renderApp } from '../../../testing/render-app';

/*
 * The switchers (footer select, account menu) re-render the app in the chosen language and keep the choice: on
 * the device, and on a signed-in user's profile. A few Spanish and German texts are added here so the test does
 * not depend on the catalogue files; where those exist, their texts win and the test reads them the same way.
 */
const BROWSE_EN = 'Browse Items';
const browseIn = (lng: string) => i18n.getFixedT(lng)('nav.browse');

beforeEach(() => {
  i18n.addResourceBundle('es', 'translation', { nav: { browse: 'Explorar artículos' } }, true, false);
  i18n.addResourceBundle('de', 'translation', { nav: { browse: 'Sachen entdecken' } }, true, false);
  i18n.addResourceBundle('fr', 'translation', { nav: { browse: 'Parcourir' } }, true, false);
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const mainNav = () => screen.findByRole('navigation', { name: i18n.t('nav.mainLabel') });

describe('choosing the language', () => {
  it('a visitor picks Español in the footer: the page renders in Spanish, <html lang> and the device keep it', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');
    expect(within(await mainNav()).getByRole('link', { name: BROWSE_EN })).toBeInTheDocument();

    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Português', 'Français', 'Deutsch']);
    await userEvent.selectOptions(select, 'Español');

    expect(browseIn('es')).not.toBe(BROWSE_EN);
    expect(await within(await mainNav()).findByRole('link', { name: browseIn('es') })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(screen.getByRole('combobox', { name: i18n.t('nav.language') })).toHaveValue('es');
    // A visitor has no profile to write to.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('a signed-in user picks Deutsch in the account menu: the app switches and the profile keeps it (PUT with the rest unchanged)', async () => {
    const user = buildUser();
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/auth/me': { body: user },
      [`PUT /api/users/${user.id}`]: { body: { ...user, language: 'de' } },
    });
    window.localStorage.setItem('authToken', 'token-abc');
    renderApp('/');

    const trigger = await screen.findByRole('button', { name: `LT, account menu for ${user.fullName}` });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch' }));

    expect(await within(await mainNav()).findByRole('link', { name: browseIn('de') })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    await waitFor(() => expect(wasCalled(fetchMock, 'PUT', `/api/users/${user.id}`)).toBe(true));
    expect(requestBody(fetchMock, 'PUT', `/api/users/${user.id}`)).toEqual({
      fullName: user.fullName,
      location: user.location,
      placeId: user.placeId,
      bio: user.bio,
      language: 'de',
    });
  });

  it('a signed-in user whose profile says Français gets the app in French on this device too', async () => {
    const user = buildUser({ language: 'fr' });
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/auth/me': { body: user },
    });
    window.localStorage.setItem('authToken', 'token-abc');
    renderApp('/');

    expect(await within(await mainNav()).findByRole('link', { name: browseIn('fr') })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(wasCalled(fetchMock, 'PUT', `/api/users/${user.id}`)).toBe(false);
  });

  it("a visitor's choice goes to the profile of a user who had none, once they are signed in", async () => {
    const user = buildUser({ language: null });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await i18n.changeLanguage('es');
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/auth/me': { body: user },
      [`PUT /api/users/${user.id}`]: { body: { ...user, language: 'es' } },
    });
    window.localStorage.setItem('authToken', 'token-abc');
    renderApp('/');

    await waitFor(() => expect(wasCalled(fetchMock, 'PUT', `/api/users/${user.id}`)).toBe(true));
    expect(requestBody(fetchMock, 'PUT', `/api/users/${user.id}`)).toMatchObject({ language: 'es' });
  });
});
