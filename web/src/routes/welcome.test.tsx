import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildUser, healthyResponse, mockApi, signInAs } from '../testing/api-mock';

describe('/welcome', () => {
  it('walks through five steps: Previous disabled on step 1, Next on 1-4, the two last-step links on 5', async () => {
    signInAs(buildUser({ fullName: 'Lena Traveller', location: 'Lisbon, Portugal' }));
    renderApp('/welcome');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Welcome to NomadSwap, Lena Traveller!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    for (let step = 2; step <= 5; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText(`Step ${step} of 5`)).toBeInTheDocument();
    }

    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Build your reputation' })).toHaveFocus();
    expect(screen.getByText('New Member')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 0.0 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    const wizard = within(screen.getByRole('group', { name: 'Onboarding steps' }));
    expect(wizard.getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
    expect(wizard.getByRole('link', { name: 'List My First Item' })).toHaveAttribute('href', '/add-item');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('shows "Not specified" without a location, the shortcut cards and a Skip link home', async () => {
    signInAs(buildUser({ location: '' }));
    renderApp('/welcome');

    expect(await screen.findByText('Not specified')).toBeInTheDocument();
    const shortcuts = within(screen.getByRole('region', { name: 'Jump right in' }));
    expect(shortcuts.getByRole('link', { name: /Complete your profile/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(shortcuts.getByRole('link', { name: /Explore listings/ })).toHaveAttribute('href', '/browse');
    expect(shortcuts.getByRole('link', { name: /Share something/ })).toHaveAttribute('href', '/add-item');
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Welcome · NomadSwap');
  });

  it('signed out: Authentication Required with a Log In link', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/welcome');

    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/auth/login');
  });
});
