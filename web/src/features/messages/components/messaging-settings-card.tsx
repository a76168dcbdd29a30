import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionError } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMessagingSettings } from '../api/get-messaging-settings';
import { useSaveMessagingSettings } from '../hooks/use-save-messaging-settings';
import { SettingToggle } from './setting-toggle';

/** Read receipts (GET/PUT /api/messaging/settings), on the profile page; notifications have their own card. */
export function MessagingSettingsCard() {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  const { save, saving } = useSaveMessagingSettings();

  return (
    <section
      aria-labelledby="messaging-settings-title"
      className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex items-center gap-2">
        <MessageCircle className="size-5 text-primary" aria-hidden="true" />
        <h2 id="messaging-settings-title" className="text-lg font-semibold">
          {t('messages.settings.title')}
        </h2>
      </div>
      {settings.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : settings.isError ? (
        <SectionError
          title={t('messages.settings.loadFailed')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SettingToggle
          checked={settings.data.readReceipts}
          label={t('messages.settings.readReceipts')}
          hint={t('messages.settings.readReceiptsHint')}
          disabled={saving}
          onChange={(value) => save({ readReceipts: value })}
        />
      )}
    </section>
  );
}
