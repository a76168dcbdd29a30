import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactListQuery } from '@nomadswap/contracts/moderation';
import type { ContactMessage } from '@nomadswap/contracts/moderation-responses';
import { apiRequestWithHeaders, withQuery } from '../../../lib/api-client';

export const contactMessagesQueryKey = ['contact-messages'] as const;

export interface ContactMessagePage {
  messages: ContactMessage[];
  total: number;
}

/** GET /api/admin/contact-messages (admin): newest first, one page, the total in `X-Total-Count`. */
export async function getContactMessages(query: ContactListQuery = {}): Promise<ContactMessagePage> {
  const { data, headers } = await apiRequestWithHeaders<ContactMessage[]>(
    'GET',
    withQuery('/api/admin/contact-messages', query),
  );
  const total = Number(headers.get('X-Total-Count'));
  return { messages: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function contactMessagesQueryOptions(query: ContactListQuery = {}) {
  return queryOptions({
    queryKey: [...contactMessagesQueryKey, query],
    queryFn: () => getContactMessages(query),
  });
}

export function useContactMessages(
  query: ContactListQuery = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...contactMessagesQueryOptions(query), enabled });
}
