import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { buildExchange } from '../testing/api-mock';
import { applyExchange } from './exchange-cache';
import { queryKeys } from './query-keys';

const marco = '65f1a2b3c4d5e6f708192a77';

function client(lists: Record<string, [Parameters<typeof queryKeys.exchanges.list>[0], ExchangeView[]]>) {
  const queryClient = new QueryClient();
  for (const [filters, data] of Object.values(lists)) {
    queryClient.setQueryData(queryKeys.exchanges.list(filters), data);
  }
  return queryClient;
}

const list = (queryClient: QueryClient, filters: Parameters<typeof queryKeys.exchanges.list>[0]) =>
  queryClient
    .getQueryData<ExchangeView[]>(queryKeys.exchanges.list(filters))
    ?.map((e) => `${e.id}:${e.status}`);

describe('applyExchange', () => {
  it('replaces the exchange in every list it belongs to and drops it from those it left', () => {
    const proposed = buildExchange({ id: 'e1' });
    const queryClient = client({
      all: [{}, [proposed]],
      withMarco: [{ userId: marco }, [proposed]],
      open: [{ status: 'proposed' }, [proposed]],
      otherItem: [{ itemId: 'i9' }, []],
    });
    applyExchange(queryClient, { ...proposed, status: 'accepted' });
    expect(list(queryClient, {})).toEqual(['e1:accepted']);
    expect(list(queryClient, { userId: marco })).toEqual(['e1:accepted']);
    expect(list(queryClient, { status: 'proposed' })).toEqual([]);
    expect(list(queryClient, { itemId: 'i9' })).toEqual([]);
  });

  it('adds a new view to the lists it matches, newest first', () => {
    const older = buildExchange({ id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' });
    const queryClient = client({ all: [{}, [older]] });
    applyExchange(queryClient, buildExchange({ id: 'e2', createdAt: '2026-02-01T00:00:00.000Z' }));
    expect(list(queryClient, {})).toEqual(['e2:proposed', 'e1:proposed']);
  });

  it('a bare exchange (the socket, Complete Swap) keeps the people and items the cache knows', () => {
    const view = buildExchange({ id: 'e1' });
    const queryClient = client({ all: [{}, [view]] });
    const { requester: _r, owner: _o, item: _i, offeredItems: _f, ...bare } = view;
    applyExchange(queryClient, { ...bare, status: 'accepted' });
    const [updated] = queryClient.getQueryData<ExchangeView[]>(queryKeys.exchanges.list({})) ?? [];
    expect(updated?.status).toBe('accepted');
    expect(updated?.item?.title).toBe('Blue tent');
    expect(updated?.requester?.fullName).toBe('Marco Rossi');
  });

  it('a bare exchange nobody has seen makes the lists fetch again instead of showing it half-known', () => {
    const queryClient = client({ all: [{}, []] });
    const { requester: _r, owner: _o, item: _i, offeredItems: _f, ...bare } = buildExchange({ id: 'e7' });
    applyExchange(queryClient, bare);
    expect(list(queryClient, {})).toEqual([]);
    expect(queryClient.getQueryState(queryKeys.exchanges.list({}))?.isInvalidated).toBe(true);
  });
});
