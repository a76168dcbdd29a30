import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, RouteErrorScreen } from './error-screen';

function Broken(): never {
  throw new Error('boom');
}

describe('error screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when a component throws, the boundary shows the error screen with Refresh Page and Go Home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const location = { reload: vi.fn(), assign: vi.fn() };
    vi.stubGlobal('location', { ...window.location, ...location });

    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('We encountered an unexpected error. Please try refreshing the page.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('when a page fails to render, the route error element shows the same screen', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> },
    ]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });
});
