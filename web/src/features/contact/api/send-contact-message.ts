import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactInput } from '@nomadswap/contracts/moderation';
import type { ContactMessage } from '@nomadswap/contracts/moderation-responses';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../i18n';
import { contactMessagesQueryKey } from './get-contact-messages';

/**
 * POST /api/contact: stored, acknowledged by e-mail in the language the page is in (a visitor has no profile to
 * read it from); rate-limited per client.
 */
export function sendContactMessage(input: ContactInput): Promise<ContactMessage> {
  return apiRequest<ContactMessage>('POST', '/api/contact', { ...input, language: currentLanguage() });
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesQueryKey }),
  });
}
