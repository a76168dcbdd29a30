import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagingSettings } from '@nomadswap/contracts/messaging';
import { apiGet } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** GET /api/messaging/settings: read receipts and e-mail notifications. */
export function getMessagingSettings(): Promise<MessagingSettings> {
  return apiGet<MessagingSettings>('/api/messaging/settings');
}

export function messagingSettingsQueryOptions() {
  return queryOptions({ queryKey: messagesKeys.settings, queryFn: getMessagingSettings });
}

export function useMessagingSettings() {
  return useQuery(messagingSettingsQueryOptions());
}
