import type { EventData } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { MessagingSettingsRecord } from '../data/messaging-settings';
import { presentMessagingSettings } from '../domain/get-messaging-settings';
import { hex } from '../data/ids';

/** What `messaging.settings-updated` says of a settings document: every switch, with the record's version. */
export function toSettingsEventData(
  record: MessagingSettingsRecord,
): EventData<'messaging.settings-updated'> {
  return {
    userId: hex(record._id),
    version: record.version,
    settings: presentMessagingSettings(record),
  };
}

/**
 * How the outbox relay rebuilds a settings event whose process died between the write and the publish: the
 * settings as they are then. Registered by every messaging process through createMessagingContext.
 */
export function registerSettingsEventBuilder(bus: EventBus): void {
  bus.buildFrom('messaging.settings-updated', (doc) =>
    toSettingsEventData(doc as unknown as MessagingSettingsRecord),
  );
}
