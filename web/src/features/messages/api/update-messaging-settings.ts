import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettings, MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** PUT /api/messaging/settings with the changed settings only; answers all of them. */
export function updateMessagingSettings(update: MessagingSettingsUpdate): Promise<MessagingSettings> {
  return apiRequest<MessagingSettings>('PUT', '/api/messaging/settings', update);
}

export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessagingSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(messagesKeys.settings, settings);
      // Turning read receipts off or on changes which "Seen" marks the server sends.
      return queryClient.invalidateQueries({ queryKey: messagesKeys.threads });
    },
  });
}
