import type { MessagingSettings, MessagingSettingsUpdate } from '@nomadswap/contracts/messaging';
import { writeWithEvent } from '@nomadswap/service-kit/events';
import type { MessagingContext } from '../context';
import type { MessagingSettingsRecord } from '../data/messaging-settings';
import { toSettingsEventData } from '../events/publish-settings-events';
import { presentMessagingSettings } from './get-messaging-settings';
import { oid, op } from '../data/ids';
import type { Viewer } from './viewer';

/**
 * Changes the given settings of the caller and answers all of them. Every change bumps the record's version and
 * is announced (`messaging.settings-updated`, durably through the outbox): items sends its own reminder e-mails
 * and keeps the switches (issue 23).
 */
export async function updateMessagingSettings(
  ctx: Pick<MessagingContext, 'settings' | 'bus'>,
  props: { viewer: Viewer; update: MessagingSettingsUpdate },
): Promise<MessagingSettings> {
  const _id = oid(props.viewer.id);
  const read = await ctx.settings.findById(_id).select({ version: 1 }).lean<{ version?: number }>();
  const record = await writeWithEvent(
    ctx.bus,
    'messaging.settings-updated',
    {
      collection: ctx.settings.collection.collectionName,
      id: _id,
      exists: { version: { $gt: read?.version ?? 0 } },
    },
    () =>
      ctx.settings
        .findOneAndUpdate(
          { _id },
          { $set: props.update, $inc: { version: 1 } },
          { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
        )
        .lean<MessagingSettingsRecord>(),
    toSettingsEventData,
  );
  return presentMessagingSettings(record);
}

/**
 * Settings changed before changes were announced have no version: each gets version 1 and its event, once (run
 * at start-up), so items learns of a reminder e-mail switch turned off before then. Replicas starting together
 * race per record on the missing version: one write, one event. Answers how many it announced.
 */
export async function announceUnversionedSettings(
  ctx: Pick<MessagingContext, 'settings' | 'bus'>,
): Promise<number> {
  const unversioned = await ctx.settings
    .find({ version: op({ $exists: false }) })
    .select({ _id: 1 })
    .lean<{ _id: MessagingSettingsRecord['_id'] }[]>();
  let announced = 0;
  for (const { _id } of unversioned) {
    const record = await writeWithEvent(
      ctx.bus,
      'messaging.settings-updated',
      { collection: ctx.settings.collection.collectionName, id: _id, exists: { version: { $gte: 1 } } },
      () =>
        ctx.settings
          .findOneAndUpdate(
            { _id, version: op({ $exists: false }) },
            { $set: { version: 1 } },
            { returnDocument: 'after' },
          )
          .lean<MessagingSettingsRecord>(),
      toSettingsEventData,
    );
    if (record) announced++;
  }
  return announced;
}
