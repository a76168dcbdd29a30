import { useMessagingLive } from '../hooks/use-messaging-live';
import { useResumeOutbox } from '../hooks/use-outbox';

/**
 * Mounted by the shell for approved users: the live connection behind chat, the badge and presence, and the
 * messages typed before a reload going out.
 */
export function MessagingLive({ viewerId }: { viewerId: string }) {
  useMessagingLive(viewerId);
  useResumeOutbox(viewerId);
  return null;
}
