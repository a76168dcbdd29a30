import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterLoadIdle } from '../hooks/use-after-load-idle';
import { toast } from '../hooks/use-toast';
import { AppProviders } from './providers';

const region = () => screen.queryByRole('region', { name: /Notifications/ });

/**
 * The page has loaded, the browser was idle (a callback queued after the providers' own ran) and the toaster's
 * module is in: before issue 25 the region mounted at that point.
 */
const idleTimePasses = () =>
  act(async () => {
    await new Promise<void>((resolve) => afterLoadIdle(() => resolve()));
    await import('../components/ui/toaster');
  });

/** A page in the providers, after the load's idle time: no region yet. */
async function renderedAndIdle() {
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
  await idleTimePasses();
  expect(region()).toBeNull();
}

describe('AppProviders: the toast region loads on intent (issue 25)', () => {
  it('is not there while nobody presses or types, and arrives with the first press', async () => {
    await renderedAndIdle();

    fireEvent.pointerDown(screen.getByText('page'));
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('a toast raised before anyone pressed anything shows once the region has arrived', async () => {
    await renderedAndIdle();

    act(() => void toast({ title: 'Saved' }));
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await toasts.findByText('Saved')).toBeInTheDocument();
  });
});
