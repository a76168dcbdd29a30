import { useMessagingLive } from '../hooks/use-messaging-live';

/** Mounted by the shell for approved users: the live connection behind chat, the badge and presence. */
export function MessagingLive({ viewerId }: { viewerId: string }) {
  useMessagingLive(viewerId);
  return null;
}
