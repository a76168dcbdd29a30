import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildUser, healthyResponse, mockApi } from '../testing/api-mock';

describe('routes', () => {
  it('an unknown path shows the not-found page with a way home', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found · NomadSwap');
  });

  it('/login redirects to /auth/login and keeps the query string', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    const { router } = renderApp('/login?next=%2Fbrowse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?next=%2Fbrowse');
  });

  it('/register redirects to /auth/register', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    const { router } = renderApp('/register');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
  });

  it('home shows the hero; signed out, Start Exchanging leads to sign-up', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Welcome to the sharing economy. Exchange. Explore.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Exchanging' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('link', { name: 'Learn More: how NomadSwap works' })).toHaveAttribute(
      'href',
      '/learn-more',
    );
    expect(screen.getByRole('heading', { name: 'List your items' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Find and connect' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Exchange and review' })).toBeInTheDocument();
  });

  it('home, signed in: Start Exchanging leads to /browse', async () => {
    window.localStorage.setItem('authToken', 't');
    mockApi({ 'GET /api/health': { body: healthyResponse }, 'GET /api/auth/me': { body: buildUser() } });
    renderApp('/');

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Start Exchanging' })).toHaveAttribute('href', '/browse'),
    );
  });

  it('a route change scrolls back to the top of the page; the page it loaded on keeps its scroll', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // The first page is not a route change: a reload's restored scroll, or a page read before the app, stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollTo).not.toHaveBeenCalled();

    await userEvent.click(screen.getAllByRole('link', { name: 'Browse Items' })[0]!);

    // The browse chunk loads lazily; under the parallel suite that can take more than the default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Browse Items' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The scroll runs in the effect of the commit that shows the new route, which can come a tick after the
    // heading under load (a transition's commits).
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('the footer links go to the pages of the spec and the Mobile App link to the install help', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });

    const hrefOf = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('How It Works')).toBe('/learn-more');
    expect(hrefOf('Trust & Safety')).toBe('/safety-guidelines');
    expect(hrefOf('Contact')).toBe('/contact');
    expect(hrefOf('Community Rules')).toBe('/community-rules');
    expect(hrefOf('Terms of Service')).toBe('/terms-of-service');
    expect(hrefOf('Privacy Policy')).toBe('/privacy-policy');
    expect(hrefOf('Report an issue')).toBe('/report-issue');
    expect(hrefOf('Mobile App')).toBe('/#install-app');
    expect(screen.getByRole('heading', { name: 'Get the mobile app' }).closest('section')).toHaveAttribute(
      'id',
      'install-app',
    );
    expect(screen.getByRole('link', { name: 'support@nomadswap.example' })).toHaveAttribute(
      'href',
      'mailto:support@nomadswap.example',
    );
    expect(screen.getByText('© 2024 NomadSwap. All rights reserved.')).toBeInTheDocument();
  });
});
