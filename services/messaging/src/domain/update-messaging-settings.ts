import {
  notificationSwitch,
  type MessagingSettings,
  type MessagingSettingsUpdate,
} from '@nomadswap/contracts/messaging';
import { NOTIFICATION_KINDS } from '@nomadswap/contracts/push';
import type { MessagingContext } from '../context';
import type { MessagingSettingsRecord } from '../db/messaging-settings';
import { presentMessagingSettings } from './get-messaging-settings';
import { oid } from './ids';
import type { Viewer } from './viewer';

/**
 * Changes the given settings of the caller and answers all of them. A change of an e-mail switch is published
 * (messaging.settings-updated): the items service e-mails alert digests and deadline reminders itself.
 */
export async function updateMessagingSettings(
  ctx: Pick<MessagingContext, 'settings' | 'bus' | 'now'>,
  props: { viewer: Viewer; update: MessagingSettingsUpdate },
): Promise<MessagingSettings> {
  const record = await ctx.settings
    .findOneAndUpdate(
      { _id: oid(props.viewer.id) },
      { $set: props.update },
      { upsert: true, new: true, setDefaultsOnInsert: true },
    )
    .lean<MessagingSettingsRecord>();
  const settings = presentMessagingSettings(record);
  const emailSwitches = NOTIFICATION_KINDS.map((kind) => notificationSwitch(kind, 'email'));
  if (emailSwitches.some((name) => name in props.update)) {
    await ctx.bus.publish('messaging.settings-updated', {
      userId: props.viewer.id,
      emailOff: NOTIFICATION_KINDS.filter((kind) => !settings[notificationSwitch(kind, 'email')]),
      at: ctx.now().toISOString(),
    });
  }
  return settings;
}
