import type { QueryClient } from '@tanstack/react-query';
import type { Exchange } from '@nomadswap/contracts/exchanges';
import { isOpenExchangeStatus } from '@nomadswap/contracts/exchange-limits';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { queryKeys, type ExchangeListFilters } from './query-keys';

/*
 * An exchange moves through its lifecycle from either side: the viewer's own action (the mutation's answer) and
 * the other party's (socket `exchange:updated`) land here, so the chat's cards, the item page's requests and the
 * profile's Swaps tab follow it without a refetch. It lives in lib because the messages feature (the socket) and
 * the exchanges feature (the actions) both write it, and features do not import each other.
 */

function belongsTo(exchange: Exchange, filters: ExchangeListFilters): boolean {
  if (filters.userId && exchange.requesterId !== filters.userId && exchange.ownerId !== filters.userId) {
    return false;
  }
  if (filters.itemId && exchange.itemId !== filters.itemId) return false;
  if (filters.status && exchange.status !== filters.status) return false;
  return true;
}

/** The answer of POST /api/exchanges/complete is a bare exchange; the lists and GET /{id} answer views. */
function isView(exchange: Exchange | ExchangeView): exchange is ExchangeView {
  return 'offeredItems' in exchange && 'item' in exchange;
}

function cachedView(queryClient: QueryClient, id: string): ExchangeView | undefined {
  const detail = queryClient.getQueryData<ExchangeView>(queryKeys.exchanges.detail(id));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<ExchangeView[]>({
    queryKey: queryKeys.exchanges.lists,
  })) {
    const found = list?.find((e) => e.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Newest first, as GET /api/exchanges answers. */
function byNewest(a: ExchangeView, b: ExchangeView): number {
  return b.createdAt.localeCompare(a.createdAt);
}

/**
 * Writes an exchange after a transition into every cached list it belongs to (and out of those it no longer
 * does), and refreshes what the transition changed elsewhere: the item's reservation, the profile counts, the
 * pending reviews. A bare exchange nobody has a view of yet makes the lists fetch again instead.
 */
export function applyExchange(queryClient: QueryClient, exchange: Exchange | ExchangeView): void {
  const known = cachedView(queryClient, exchange.id);
  const view = isView(exchange) ? exchange : known ? { ...known, ...exchange } : null;
  let incomplete = false;

  if (view) queryClient.setQueryData(queryKeys.exchanges.detail(exchange.id), view);
  for (const [key, list] of queryClient.getQueriesData<ExchangeView[]>({
    queryKey: queryKeys.exchanges.lists,
  })) {
    if (!list) continue;
    const filters = (key[2] ?? {}) as ExchangeListFilters;
    const belongs = belongsTo(exchange, filters);
    const index = list.findIndex((e) => e.id === exchange.id);
    let next: ExchangeView[] | null = null;
    if (index >= 0) {
      next = belongs
        ? list.map((e, i) => (i === index ? (view ?? { ...e, ...exchange }) : e))
        : list.filter((_, i) => i !== index);
    } else if (belongs) {
      if (view) next = [view, ...list].sort(byNewest);
      else incomplete = true;
    }
    if (next) queryClient.setQueryData(key, next);
  }
  if (incomplete) void queryClient.invalidateQueries({ queryKey: queryKeys.exchanges.lists });

  // Accepting reserves the item, ending releases it, completing marks it swapped: every view of it changes.
  if (exchange.status !== 'proposed') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.items.all });
  }
  // An exchange that ended or completed changes both profiles' counts and, completed, opens reviews.
  if (!isOpenExchangeStatus(exchange.status)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
  }
}

/** Socket `exchange:item-reserved`: an item the viewer asked for was reserved for someone else, or freed. */
export function applyItemReserved(queryClient: QueryClient, itemId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.items.detail(itemId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.exchanges.lists });
}
