import type { NotificationMail } from '@nomadswap/service-kit/notifications';

const signature = '\n\n— The NomadSwap team';
const linkTo = (publicUrl: string | undefined, path: string) =>
  publicUrl ? `\n\n${publicUrl.replace(/\/$/, '')}${path}` : '';

/*
 * Acknowledgements go to addresses nobody has verified (a contact form's, a report's, an account's: NomadSwap does
 * not confirm e-mail addresses), so anyone could make us mail anyone. They are therefore fixed texts with a
 * reference number: nothing the sender typed (name, subject, message) goes into them, so they cannot carry a
 * stranger's words or links to a third party.
 */

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
  props: { to: string; reportId: string; publicUrl?: string },
): NotificationMail {
  const mail = REPORT_MAILS[kind];
  return {
    to: props.to,
    subject: `${mail.subject} (reference ${props.reportId})`,
    text:
      `Hello,\n\nthis is about your report with the reference ${props.reportId}.\n\n${mail.body}` +
      linkTo(props.publicUrl, mail.path) +
      signature,
  };
}

/** Acknowledges a contact message. */
export function contactReceivedMail(props: { to: string; reference: string }): NotificationMail {
  return {
    to: props.to,
    subject: `We received your message (reference ${props.reference})`,
    text:
      `Hello,\n\nthank you for contacting NomadSwap. Your message has the reference ${props.reference}; ` +
      'we usually answer within 24 hours. If you did not write to us, you can ignore this e-mail.' +
      signature,
  };
}
