import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessagingSettings, MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import { NOTIFICATION_KINDS, notificationSwitch } from '@nomadswap/contracts/notification-kinds';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { usePushDevice } from '../hooks/use-push-device';
import { SettingToggle } from './setting-toggle';
import { SettingsSection } from './settings-section';

const CHANNELS = ['push', 'email'] as const;

/**
 * Push on this device (the browser's permission prompt only after the tap on "Turn on") and, per kind, whether
 * to be told by push and by e-mail (issue 23), on the profile page.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      id="notification-settings-title"
      icon={Bell}
      title={t('notifications.title')}
      before={<ThisDevice />}
      skeletonClassName="h-32 w-full"
    >
      {({ settings, saving, save }) => (
        <>
          <KindSwitches settings={settings} disabled={saving} onChange={save} />
          <SettingToggle
            checked={settings.pushIncludesContent}
            label={t('notifications.preview')}
            hint={t('notifications.previewHint')}
            disabled={saving}
            onChange={(value) => save({ pushIncludesContent: value })}
          />
        </>
      )}
    </SettingsSection>
  );
}

function ThisDevice() {
  const { t } = useTranslation();
  const device = usePushDevice();
  const act = (action: () => Promise<void>) => () =>
    void action().catch((error: unknown) =>
      toast({
        title: t('common.error'),
        description: errorText(t, error, t('notifications.device.failed')),
        variant: 'destructive',
      }),
    );
  const canToggle = device.state === 'on' || device.state === 'off';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <h3 className="text-sm font-medium">{t('notifications.device.title')}</h3>
        <p className="text-sm text-muted-foreground" role="status">
          {t(`notifications.device.${device.state}`)}
        </p>
      </div>
      {canToggle ? (
        <Button
          type="button"
          variant={device.state === 'on' ? 'outline' : 'default'}
          disabled={device.busy}
          aria-busy={device.busy}
          onClick={act(device.state === 'on' ? device.turnOff : device.turnOn)}
        >
          {t(device.state === 'on' ? 'notifications.device.turnOff' : 'notifications.device.turnOn')}
        </Button>
      ) : null}
    </div>
  );
}

interface SwitchProps {
  settings: MessagingSettings;
  disabled: boolean;
  onChange: (change: MessagingSettingsUpdate) => void;
}

function KindSwitches({ settings, disabled, onChange }: SwitchProps) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-medium">{t('notifications.caption')}</caption>
      <thead>
        <tr className="text-muted-foreground">
          <th scope="col" className="py-1 text-left font-normal">
            {t('notifications.about')}
          </th>
          {CHANNELS.map((channel) => (
            <th key={channel} scope="col" className="w-20 py-1 text-center font-normal">
              {t(`notifications.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_KINDS.map((kind) => (
          <tr key={kind} className="border-t">
            <th scope="row" className="py-2 pr-2 text-left font-normal">
              {t(`notifications.kinds.${kind}`)}
            </th>
            {CHANNELS.map((channel) => {
              const field = notificationSwitch(kind, channel);
              return (
                <td key={channel} className="py-2 text-center">
                  <Checkbox
                    checked={settings[field]}
                    disabled={disabled}
                    aria-label={t('notifications.switch', {
                      kind: t(`notifications.kinds.${kind}`),
                      channel: t(`notifications.channels.${channel}`),
                    })}
                    onCheckedChange={(checked) => onChange({ [field]: checked === true })}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
