import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessagingSettings, MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import { SectionError } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMessagingSettings } from '../api/get-messaging-settings';
import { useSaveMessagingSettings } from '../hooks/use-save-messaging-settings';

/**
 * A profile card of messaging settings (GET/PUT /api/messaging/settings): its titled frame, the loading and the
 * failed states, and `children` with the settings once they are read and `save` for a change.
 */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  before,
  skeletonClassName,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  icon: LucideIcon;
  title: string;
  /** Shown whatever the settings' state (this device's push, which the server does not hold). */
  before?: ReactNode;
  skeletonClassName: string;
  children: (props: {
    settings: MessagingSettings;
    saving: boolean;
    save: (update: MessagingSettingsUpdate) => void;
  }) => ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  const { save, saving } = useSaveMessagingSettings();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
      </div>
      {before}
      {settings.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className={skeletonClassName} />
        </div>
      ) : settings.isError ? (
        <SectionError
          title={t('messages.settings.loadFailed')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        children({ settings: settings.data, saving, save })
      )}
    </section>
  );
}
