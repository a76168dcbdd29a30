/**
 * What notifications are about and the settings field that switches each, apart from ./push.ts and
 * ./messaging.ts so that importing them does not bring in zod (the web app's first screens).
 */
import type { MessagingSettings } from './messaging';

/** What pushes and e-mails are about; each has a switch per channel in the messaging settings. */
export const NOTIFICATION_KINDS = ['messages', 'swaps', 'reminders', 'alerts'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The settings field that switches `kind` on or off for `channel`. */
export function notificationSwitch(
  kind: 'messages' | 'swaps' | 'reminders' | 'alerts',
  channel: 'push' | 'email',
): keyof MessagingSettings {
  if (kind === 'messages' && channel === 'email') return 'emailNotifications';
  return `${channel}${kind[0]!.toUpperCase()}${kind.slice(1)}` as keyof MessagingSettings;
}
