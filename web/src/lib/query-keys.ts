/**
 * Query keys of data that more than one feature reads or changes (the signed-in user, users, a user's items
 * and reviews). Features may not import each other, yet an admin approving a user must refresh that user's
 * profile and an admin deleting an item must refresh the item lists, so these keys live in one shared place.
 * Keys used by a single feature stay next to its API call.
 */
/** The filters of GET /api/exchanges (each narrows; `userId` is the other party). */
export interface ExchangeListFilters {
  userId?: string;
  itemId?: string;
  status?: string;
}

export const queryKeys = {
  currentUser: ['auth', 'me'] as const,
  users: {
    all: ['users'] as const,
    detail: (id: string) => ['users', id] as const,
  },
  items: {
    all: ['items'] as const,
    byUser: (userId: string) => ['items', { userId }] as const,
    browse: (filters: {
      q?: string;
      category?: string;
      location?: string;
      placeId?: string;
      withinKm?: number;
      sort?: string;
    }) => ['items', 'browse', filters] as const,
    detail: (id: string) => ['items', 'detail', id] as const,
    stats: ['items', 'stats'] as const,
    /** Under `items` so that anything refreshing item lists refreshes the admin list too. */
    adminAll: ['items', 'admin-all'] as const,
  },
  favorites: ['favorites'] as const,
  reviews: {
    all: ['reviews'] as const,
    ofUser: (userId: string) => ['reviews', userId] as const,
  },
  /**
   * Swaps (issue 20): the chat, the item page, the profile and the live socket all read and change them.
   * `list` takes the filters of GET /api/exchanges, so a live update can tell which lists an exchange belongs to.
   */
  exchanges: {
    all: ['exchanges'] as const,
    lists: ['exchanges', 'list'] as const,
    list: (filters: ExchangeListFilters) => ['exchanges', 'list', filters] as const,
    detail: (id: string) => ['exchanges', 'detail', id] as const,
  },
  /** Every admin action writes an entry, so each admin mutation refreshes the audit log. */
  auditLog: ['audit-log'] as const,
  reports: ['reports'] as const,
  admin: {
    all: ['admin'] as const,
    pendingUsers: ['admin', 'pending-users'] as const,
    allUsers: ['admin', 'all-users'] as const,
    user: (id: string) => ['admin', 'users', id] as const,
    sanctions: (id: string) => ['admin', 'users', id, 'sanctions'] as const,
  },
};
