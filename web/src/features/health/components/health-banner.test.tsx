import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { healthyResponse, jsonResponse, mockApi } from '../../../testing/api-mock';
import { HealthBanner } from './health-banner';

function renderBanner() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <HealthBanner />
    </QueryClientProvider>,
  );
}

function indicator(name: 'API' | 'Database') {
  return screen.getByText(name).closest('[data-state]');
}

describe('HealthBanner', () => {
  it('stays hidden while every check passes', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderBanner();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // Give the answer time to render before asserting absence.
    await act(async () => {});
    expect(screen.queryByText('System Status:')).not.toBeInTheDocument();
  });

  it('appears when the gateway answers 503, with API down and Database up', async () => {
    mockApi({
      'GET /api/health': {
        status: 503,
        body: {
          ...healthyResponse,
          status: 'degraded',
          services: { ...healthyResponse.services, items: 'down' },
        },
      },
    });
    renderBanner();

    expect(await screen.findByText('System Status:')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('System Status:');
    expect(indicator('API')).toHaveAttribute('data-state', 'down');
    expect(indicator('Database')).toHaveAttribute('data-state', 'up');
    expect(screen.getByText(': not responding')).toBeInTheDocument();
  });

  it('shows the database down when the services cannot reach it', async () => {
    mockApi({
      'GET /api/health': { status: 503, body: { ...healthyResponse, status: 'degraded', database: 'down' } },
    });
    renderBanner();

    await screen.findByText('System Status:');
    expect(indicator('API')).toHaveAttribute('data-state', 'up');
    expect(indicator('Database')).toHaveAttribute('data-state', 'down');
  });

  it('appears with both indicators down when the call throws', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderBanner();

    expect(await screen.findByText('System Status:')).toBeInTheDocument();
    expect(indicator('API')).toHaveAttribute('data-state', 'down');
    expect(indicator('Database')).toHaveAttribute('data-state', 'down');
  });

  it('appears when the gateway answers something that is not a health report', async () => {
    mockApi({ 'GET /api/health': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderBanner();

    expect(await screen.findByText('System Status:')).toBeInTheDocument();
  });

  it('polls every 30 s: appears when a service goes down and disappears when it recovers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply = jsonResponse(200, healthyResponse);
    const fetchMock = vi.fn(async () => reply.clone());
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('System Status:')).not.toBeInTheDocument();

    reply = jsonResponse(503, {
      ...healthyResponse,
      status: 'degraded',
      services: { ...healthyResponse.services, auth: 'down' },
    });
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('System Status:')).toBeInTheDocument();

    reply = jsonResponse(200, healthyResponse);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.queryByText('System Status:')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
