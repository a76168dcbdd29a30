import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { buildUser, jsonResponse, signInAs } from '../../testing/api-mock';

const PENDING_TEXT = /Your account is pending approval/;

function meCalls(fetchMock: ReturnType<typeof signInAs>) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/me').length;
}

describe('approval shows up in the open tab', () => {
  it('while unapproved, /api/auth/me is asked every 15 s; approval swaps the banner for the badge', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let approved = false;
    const fetchMock = signInAs(buildUser(), {
      'GET /api/auth/me': () =>
        jsonResponse(
          200,
          buildUser({ isApproved: approved, approvedAt: approved ? '2024-06-02T10:00:00.000Z' : null }),
        ),
    });
    renderApp('/');

    expect(await screen.findByText(PENDING_TEXT)).toBeInTheDocument();
    expect(meCalls(fetchMock)).toBe(1);

    approved = true;
    await act(() => vi.advanceTimersByTimeAsync(15_000));

    expect(await screen.findByText('Account approved')).toBeInTheDocument();
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
    const callsWhenApproved = meCalls(fetchMock);

    // Approved: the polling stops.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(meCalls(fetchMock)).toBe(callsWhenApproved);
  });

  it('an approved user is not polled, and a focus does not refetch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = signInAs(buildUser({ isApproved: true }));
    renderApp('/');

    expect(await screen.findByText('Account approved')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    act(() => {
      fireEvent.focus(window);
      window.dispatchEvent(new Event('visibilitychange'));
    });

    expect(meCalls(fetchMock)).toBe(1);
  });

  it('while unapproved, coming back to the tab asks again at once', async () => {
    const fetchMock = signInAs(buildUser({ isApproved: false, approvedAt: null }));
    renderApp('/');
    expect(await screen.findByText(PENDING_TEXT)).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });

    await vi.waitFor(() => expect(meCalls(fetchMock)).toBe(2));
  });
});
