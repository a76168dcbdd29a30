import { CONTACT_CATEGORIES, type ContactCategory } from '@nomadswap/contracts/enums';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';

const signature = '\n\n— The NomadSwap team';
const linkTo = (publicUrl: string | undefined, path: string) =>
  publicUrl ? `\n\n${publicUrl.replace(/\/$/, '')}${path}` : '';

const REPORT_MAILS = {
  received: {
    subject: 'We received your report',
    body:
      'Our safety team reviews every report within 24 hours and takes action where needed. ' +
      'If someone is in immediate danger, contact your local emergency services.',
    path: '/safety-guidelines',
  },
  resolved: {
    subject: 'Your report was resolved',
    body: 'It has been reviewed and resolved by our team. Thank you for helping keep NomadSwap safe.',
    path: '/',
  },
} as const;

/** Tells a reporter that their report arrived (what happens next) or that it was resolved. */
export function reportMail(
  kind: keyof typeof REPORT_MAILS,
  props: { to: string; reportId: string; subject: string; publicUrl?: string },
): NotificationMail {
  const mail = REPORT_MAILS[kind];
  return {
    to: props.to,
    subject: `${mail.subject}: ${props.subject}`,
    text:
      `Your report "${props.subject}" (reference ${props.reportId}).\n\n${mail.body}` +
      linkTo(props.publicUrl, mail.path) +
      signature,
  };
}

/** Acknowledges a contact message. */
export function contactReceivedMail(props: {
  to: string;
  name: string;
  subject: string;
  category: ContactCategory;
}): NotificationMail {
  return {
    to: props.to,
    subject: `We received your message: ${props.subject}`,
    text:
      `Hi ${props.name},\n\nthank you for contacting NomadSwap (${CONTACT_CATEGORIES[props.category]}). ` +
      'We usually answer within 24 hours.' +
      signature,
  };
}
