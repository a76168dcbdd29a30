import { describe, expect, it } from 'vitest';
import { SANCTION_MAIL_SUBJECTS, sanctionEmail, untilText } from './compose-sanction-mail';

const base = { to: 'mia@example.com', fullName: 'Mia Kovač', reason: 'Rude messages to a buyer' };

describe('untilText', () => {
  it('names the end in UTC, in English, to the minute', () => {
    expect(untilText(new Date('2026-12-02T14:05:00Z'))).toBe('until 2 December 2026 at 14:05 UTC');
  });

  it('says "until further notice" for a sanction without an end', () => {
    expect(untilText(null)).toBe('until further notice');
  });
});

describe('sanctionEmail', () => {
  it('tells a warned user about the warning, without an end, and how to appeal through the contact page', () => {
    const mail = sanctionEmail({
      ...base,
      type: 'warn',
      endsAt: null,
      publicUrl: 'https://nomadswap.example/app/',
    });
    expect(mail).toEqual({
      to: 'mia@example.com',
      subject: 'A warning from NomadSwap moderators',
      text:
        'Hi Mia Kovač,\n\nYou received a warning from NomadSwap moderators.\n\n' +
        'Reason: Rude messages to a buyer\n\n' +
        'If you think this is a mistake, you can appeal through ' +
        'https://nomadswap.example/contact?category=appeal; we answer appeals in 3–5 business days.\n\n' +
        'The NomadSwap team\n',
    });
  });

  it('tells a restricted user what they can still do and until when', () => {
    const mail = sanctionEmail({ ...base, type: 'restrict', endsAt: new Date('2026-12-02T14:00:00Z') });
    expect(mail.subject).toBe(SANCTION_MAIL_SUBJECTS.restrict);
    expect(mail.text).toContain(
      'Your NomadSwap account is restricted: you can still browse and read your messages, but you cannot list ' +
        'items, send messages or request swaps until 2 December 2026 at 14:00 UTC.\n\n',
    );
  });

  it('tells a suspended user for good "until further notice", and names the contact form without a public URL', () => {
    const mail = sanctionEmail({ ...base, type: 'suspend', endsAt: null });
    expect(mail.subject).toBe('Your NomadSwap account is suspended');
    expect(mail.text).toContain(
      'Your NomadSwap account is suspended: you cannot sign in until further notice.\n\n',
    );
    expect(mail.text).toContain(
      'appeal through the contact form (category "Appeal a moderation decision"); we answer appeals',
    );
  });
});
