import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { renderApp } from '../testing/render-app';
import { healthyResponse, mockApi } from '../testing/api-mock';

// The pages' chunks load lazily; under the parallel suite that can take more than the default second.
const SLOW = { timeout: 5000 };

function visitor(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/health': { body: healthyResponse }, ...routes });
}

describe('information and legal pages', () => {
  it.each([
    [
      '/learn-more',
      'Swap what you can’t carry, find what you need'.replace('’', "'"),
      'How It Works · NomadSwap',
    ],
    ['/safety-guidelines', 'Safety Guidelines', 'Safety Guidelines · NomadSwap'],
    ['/community-rules', 'Community Guidelines', 'Community Rules · NomadSwap'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service · NomadSwap'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · NomadSwap'],
    ['/legal-summary', 'Legal Summary', 'Legal Summary · NomadSwap'],
  ])('%s renders its page with its own title and meta description', async (path, heading, title) => {
    visitor();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
    expect(description).toMatch(/NomadSwap/);
    expect(description).not.toBe(i18n.t('meta.defaultDescription'));
  });

  it('safety guidelines cover meeting, communication, verification, reporting within 24 hours, emergencies', async () => {
    visitor();
    renderApp('/safety-guidelines');

    await screen.findByRole('heading', { level: 1, name: 'Safety Guidelines' }, SLOW);
    for (const name of [
      'Meeting safely',
      'Communication safety',
      'Item verification',
      'Reporting',
      'Emergencies',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reporting' })).toHaveTextContent('within 24 hours');
    expect(
      within(screen.getByRole('region', { name: 'Reporting' })).getByRole('link', {
        name: 'Report an issue',
      }),
    ).toHaveAttribute('href', '/report-issue');
  });

  it('community rules: the rules tab by default with values, do/don’t, prohibited items, enforcement, appeal, 18+', async () => {
    visitor();
    renderApp('/community-rules');

    const rulesTab = await screen.findByRole('tab', { name: 'Community Rules' }, SLOW);
    expect(rulesTab).toHaveAttribute('aria-selected', 'true');
    for (const name of [
      'Our core values',
      'Do',
      "Don't",
      'Prohibited items',
      'Enforcement',
      'Appeals',
      'Reporting',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const enforcement = screen.getByRole('region', { name: 'Enforcement' });
    expect(
      within(enforcement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st violationWarning', '2nd violationTemporary restriction', '3rd violationSuspension']);
    expect(enforcement).toHaveTextContent('immediate suspension');
    expect(screen.getByRole('region', { name: 'Appeals' })).toHaveTextContent('3-5 business days');
    expect(screen.getByText('Users must be 18 or older. One account per person.')).toBeInTheDocument();
  });

  it('community rules: choosing Terms puts ?tab=terms in the URL and shows the June 4, 2025 terms', async () => {
    visitor();
    const { router } = renderApp('/community-rules');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Terms of Service' }, SLOW));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=terms'));
    expect(screen.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Last updated: June 4, 2025')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Community Rules' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Prohibited items' })).toBeInTheDocument();
  });

  it('community rules: ?tab=terms opens the terms tab directly', async () => {
    visitor();
    renderApp('/community-rules?tab=terms');

    expect(await screen.findByRole('tab', { name: 'Terms of Service' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: '3. Exchange, not commercial selling' })).toBeInTheDocument();
  });

  it('terms and privacy: last updated December 2024, with the key claims of the spec', async () => {
    visitor();
    renderApp('/terms-of-service');

    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, SLOW);
    expect(screen.getByText('Last updated: December 2024')).toBeInTheDocument();
    const main = document.body;
    expect(main).toHaveTextContent('not for commercial selling');
    expect(main).toHaveTextContent('at your own risk');
    expect(main).toHaveTextContent('capped at $0');
    expect(main).toHaveTextContent('18 or older');

    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Related pages' })).getByRole('link', {
        name: 'Privacy Policy',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, SLOW);
    expect(screen.getByText('Last updated: December 2024')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who sees it' })).toHaveTextContent('We never sell your data');
    expect(screen.getByRole('region', { name: 'Your rights' })).toHaveTextContent(
      'view, edit or delete your data',
    );
  });

  it('the support address comes from the gateway’s configuration', async () => {
    visitor({ 'GET /api/config': { body: { supportEmail: 'help@swap.example' } } });
    renderApp('/terms-of-service');

    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, SLOW);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'help@swap.example' })[0]).toHaveAttribute(
        'href',
        'mailto:help@swap.example',
      ),
    );
    expect(screen.queryByText('support@nomadswap.example')).not.toBeInTheDocument();
  });

  it('every footer link opens its page (Mobile App aside)', async () => {
    visitor();
    const { router } = renderApp('/browse');
    const user = userEvent.setup();

    const cases = [
      ['How It Works', '/learn-more', "Swap what you can't carry, find what you need"],
      ['Trust & Safety', '/safety-guidelines', 'Safety Guidelines'],
      ['Community Rules', '/community-rules', 'Community Guidelines'],
      ['Terms of Service', '/terms-of-service', 'Terms of Service'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Legal Summary', '/legal-summary', 'Legal Summary'],
    ] as const;
    for (const [label, path, heading] of cases) {
      const footer = screen.getByRole('navigation', { name: 'Footer' });
      await user.click(within(footer).getByRole('link', { name: label }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(await screen.findByRole('heading', { level: 1, name: heading }, SLOW)).toBeInTheDocument();
    }
  });
});

describe('/legal-summary wizard', () => {
  async function openWizard() {
    visitor();
    renderApp('/legal-summary');
    await screen.findByRole('heading', { level: 1, name: 'Legal Summary' }, SLOW);
    return userEvent.setup();
  }
  const progress = () => screen.getByRole('progressbar', { name: 'Legal summary progress' });

  it('starts at step 1 of 6 with the progress, summary, key points and What This Means for You', async () => {
    await openWizard();

    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(screen.getByText('17% complete')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '17');
    expect(screen.getByRole('heading', { level: 2, name: 'Your Account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key points' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What This Means for You' })).toBeInTheDocument();
    expect(screen.getByText('You must be 18 or older to use NomadSwap.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Need More Details?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Congratulations!' })).not.toBeInTheDocument();
  });

  it('Mark as Read marks the step; Next marks it and moves on; Previous goes back', async () => {
    const user = await openWizard();

    await user.click(screen.getByRole('button', { name: 'Mark as Read' }));
    expect(screen.getByRole('button', { name: 'Step 1: Your Account (Read)' })).toBeInTheDocument();
    expect(screen.getByText('1 of 6 steps read')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Using the Platform' })).toHaveFocus();
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument();
    expect(screen.getByText('33% complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Step 2: Using the Platform (Read)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 3: Item Exchanges & Meetings' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Using the Platform' })).toBeInTheDocument();
  });

  it('steps can be jumped to freely; the last step offers Complete instead of Next', async () => {
    const user = await openWizard();

    await user.click(
      screen.getByRole('button', { name: 'Step 6: Complete Legal Protection for All Associated Parties' }),
    );
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByText(/capped at \$0 because the service is free/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByText('1 of 6 steps read')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Congratulations!' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Step 4: Your Data & Privacy' }));
    expect(screen.getByText('Your data is never sold.')).toBeInTheDocument();
  });

  it('when all six are read, the congratulations card links to terms, privacy and registration', async () => {
    const user = await openWizard();

    for (let i = 0; i < 5; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('heading', { name: 'Congratulations!' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete' }));

    const card = screen.getByRole('region', { name: 'Congratulations!' });
    expect(screen.getByRole('heading', { name: 'Congratulations!' })).toHaveFocus();
    expect(within(card).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(within(card).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(card).getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
    const details = screen.getByRole('region', { name: 'Need More Details?' });
    expect(within(details).getByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:support@nomadswap.example',
    );
  });
});
