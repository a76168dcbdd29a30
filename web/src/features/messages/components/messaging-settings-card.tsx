import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SettingToggle } from './setting-toggle';
import { SettingsSection } from './settings-section';

/** Read receipts (GET/PUT /api/messaging/settings), on the profile page; notifications have their own card. */
export function MessagingSettingsCard() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      id="messaging-settings-title"
      icon={MessageCircle}
      title={t('messages.settings.title')}
      skeletonClassName="h-10 w-full"
    >
      {({ settings, saving, save }) => (
        <SettingToggle
          checked={settings.readReceipts}
          label={t('messages.settings.readReceipts')}
          hint={t('messages.settings.readReceiptsHint')}
          disabled={saving}
          onChange={(value) => save({ readReceipts: value })}
        />
      )}
    </SettingsSection>
  );
}
