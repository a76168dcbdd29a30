import { DEFAULT_MESSAGING_SETTINGS, type MessagingSettings } from '@nomadswap/contracts/messaging';
import type { MessagingContext } from '../context';
import type { MessagingSettingsRecord } from '../data/messaging-settings';
import { hex, oid, op } from '../data/ids';
import type { Viewer } from './viewer';

function present(record: MessagingSettingsRecord | null | undefined): MessagingSettings {
  const settings = { ...DEFAULT_MESSAGING_SETTINGS };
  for (const field of Object.keys(settings) as (keyof MessagingSettings)[]) {
    if (typeof record?.[field] === 'boolean') settings[field] = record[field];
  }
  return settings;
}

/** The caller's messaging settings (the defaults until they change one). */
export async function getMessagingSettings(
  ctx: Pick<MessagingContext, 'settings'>,
  props: { viewer: Viewer },
): Promise<MessagingSettings> {
  return present(await ctx.settings.findById(oid(props.viewer.id)).lean<MessagingSettingsRecord>());
}

/** Settings of several users at once (read receipts of both sides of many conversations). */
export async function settingsOf(
  ctx: Pick<MessagingContext, 'settings'>,
  userIds: Iterable<string>,
): Promise<Map<string, MessagingSettings>> {
  const ids = [...new Set(userIds)];
  const records = await ctx.settings
    .find({ _id: op({ $in: ids.map(oid) }) })
    .lean<MessagingSettingsRecord[]>();
  const byId = new Map(records.map((record) => [hex(record._id), record]));
  return new Map(ids.map((id) => [id, present(byId.get(id))]));
}

export { present as presentMessagingSettings };
