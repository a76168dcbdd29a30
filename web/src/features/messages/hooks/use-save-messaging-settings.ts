import { useTranslation } from 'react-i18next';
import type { MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useUpdateMessagingSettings } from '../api/update-messaging-settings';

/** Saves a change of the messaging settings, with the "saved" or error toast every settings card shows. */
export function useSaveMessagingSettings() {
  const { t } = useTranslation();
  const update = useUpdateMessagingSettings();
  const save = (change: MessagingSettingsUpdate) =>
    update.mutate(change, {
      onSuccess: () => toast({ title: t('messages.settings.saved'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('messages.settings.failed')),
          variant: 'destructive',
        }),
    });
  return { save, saving: update.isPending };
}
