import type { MessagingSettings, MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import type { MessagingContext } from '../context';
import type { MessagingSettingsRecord } from '../data/messaging-settings';
import { presentMessagingSettings } from './get-messaging-settings';
import { oid } from '../data/ids';
import type { Viewer } from './viewer';

/** Changes the given settings of the caller and answers all of them. */
export async function updateMessagingSettings(
  ctx: Pick<MessagingContext, 'settings'>,
  props: { viewer: Viewer; update: MessagingSettingsUpdate },
): Promise<MessagingSettings> {
  const record = await ctx.settings
    .findOneAndUpdate(
      { _id: oid(props.viewer.id) },
      { $set: props.update },
      { upsert: true, new: true, setDefaultsOnInsert: true },
    )
    .lean<MessagingSettingsRecord>();
  return presentMessagingSettings(record);
}
