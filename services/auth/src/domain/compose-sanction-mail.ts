import type { SanctionType } from '@nomadswap/contracts/sanctions';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';

/** The auth service's texts for sanction e-mails (issue 26). */
export const SANCTION_MAIL_SUBJECTS: Record<SanctionType, string> = {
  warn: 'A warning from NomadSwap moderators',
  restrict: 'Your NomadSwap account is restricted',
  suspend: 'Your NomadSwap account is suspended',
};

const WHAT: Record<SanctionType, string> = {
  warn: 'You received a warning from NomadSwap moderators.',
  restrict:
    'Your NomadSwap account is restricted: you can still browse and read your messages, but you cannot list ' +
    'items, send messages or request swaps',
  suspend: 'Your NomadSwap account is suspended: you cannot sign in',
};

/** "until 2 December 2026 at 14:00 UTC" or "until further notice" (a sanction for good). */
export function untilText(endsAt: Date | null): string {
  if (!endsAt) return 'until further notice';
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(endsAt);
  return `until ${when} UTC`;
}

/** The e-mail telling a user about a warning, restriction or suspension, and how to appeal. */
export function sanctionEmail(props: {
  to: string;
  fullName: string;
  type: SanctionType;
  reason: string;
  endsAt: Date | null;
  publicUrl?: string;
}): NotificationMail {
  const what = props.type === 'warn' ? WHAT.warn : `${WHAT[props.type]} ${untilText(props.endsAt)}.`;
  const contact = props.publicUrl
    ? new URL('/contact?category=appeal', props.publicUrl).href
    : 'the contact form (category "Appeal a moderation decision")';
  return {
    to: props.to,
    subject: SANCTION_MAIL_SUBJECTS[props.type],
    text:
      `Hi ${props.fullName},\n\n${what}\n\nReason: ${props.reason}\n\n` +
      `If you think this is a mistake, you can appeal through ${contact}; we answer appeals in 3–5 business days.\n\n` +
      'The NomadSwap team\n',
  };
}
