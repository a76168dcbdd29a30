import { useId } from 'react';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessagingSettings } from '@nomadswap/contracts/messaging';
import { SectionError } from '../../../components/section-states';
import { Checkbox } from '../../../components/ui/checkbox';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMessagingSettings } from '../api/get-messaging-settings';
import { useUpdateMessagingSettings } from '../api/update-messaging-settings';

type ToggleKey = 'readReceipts';

/** Read receipts (GET/PUT /api/messaging/settings), on the profile page; notifications have their own card. */
export function MessagingSettingsCard() {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  const update = useUpdateMessagingSettings();

  const onChange = (key: ToggleKey, value: boolean) =>
    update.mutate(
      { [key]: value },
      {
        onSuccess: () => toast({ title: t('messages.settings.saved'), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('common.error'),
            description: errorMessage(error, t('messages.settings.failed')),
            variant: 'destructive',
          }),
      },
    );

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
          <Skeleton className="h-10 w-full" />
        </div>
      ) : settings.isError ? (
        <SectionError
          title={t('messages.settings.loadFailed')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <div className="grid gap-4">
          <SettingToggle
            settings={settings.data}
            name="readReceipts"
            label={t('messages.settings.readReceipts')}
            hint={t('messages.settings.readReceiptsHint')}
            disabled={update.isPending}
            onChange={onChange}
          />
        </div>
      )}
    </section>
  );
}

function SettingToggle({
  settings,
  name,
  label,
  hint,
  disabled,
  onChange,
}: {
  settings: MessagingSettings;
  name: ToggleKey;
  label: string;
  hint: string;
  disabled: boolean;
  onChange: (key: ToggleKey, value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={settings[name]}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(checked) => onChange(name, checked === true)}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
