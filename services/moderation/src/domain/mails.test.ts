import { LANGUAGES } from '@nomadswap/contracts/enums';
import { describe, expect, it } from 'vitest';
import { contactReceivedMail, reportMail } from './mails';

/**
 * The acknowledgement mails, without stores (issue 21). They are fixed texts with a reference: the whole text is
 * written out, so a word the sender typed could not slip in unnoticed.
 */
const SIGNATURE = '\n\n— The NomadSwap team';

describe('reportMail', () => {
  it('received: what happens next, and a link to the safety guidelines', () => {
    expect(
      reportMail('received', { to: 'a@b.co', reportId: 'R1', publicUrl: 'https://nomadswap.example/' }),
    ).toEqual({
      to: 'a@b.co',
      subject: 'We received your report (reference R1)',
      text:
        'Hello,\n\nthis is about your report with the reference R1.\n\n' +
        'Our safety team reviews every report within 24 hours and takes action where needed. ' +
        'If someone is in immediate danger, contact your local emergency services.' +
        '\n\nhttps://nomadswap.example/safety-guidelines' +
        SIGNATURE,
    });
  });

  it('resolved: thanks, a link to the home page; no link without a public address', () => {
    expect(
      reportMail('resolved', { to: 'a@b.co', reportId: 'R2', publicUrl: 'https://n.example' }).text,
    ).toBe(
      'Hello,\n\nthis is about your report with the reference R2.\n\n' +
        'It has been reviewed and resolved by our team. Thank you for helping keep NomadSwap safe.' +
        '\n\nhttps://n.example/' +
        SIGNATURE,
    );
    const mail = reportMail('resolved', { to: 'a@b.co', reportId: 'R2' });
    expect(mail.subject).toBe('Your report was resolved (reference R2)');
    expect(mail.text).toBe(
      'Hello,\n\nthis is about your report with the reference R2.\n\n' +
        'It has been reviewed and resolved by our team. Thank you for helping keep NomadSwap safe.' +
        SIGNATURE,
    );
  });
});

describe('contactReceivedMail', () => {
  it('the reference, when we answer, and what to do if it was not you', () => {
    expect(contactReceivedMail({ to: 'a@b.co', reference: 'C9' })).toEqual({
      to: 'a@b.co',
      subject: 'We received your message (reference C9)',
      text:
        'Hello,\n\nthank you for contacting NomadSwap. Your message has the reference C9; ' +
        'we usually answer within 24 hours. If you did not write to us, you can ignore this e-mail.' +
        SIGNATURE,
    });
  });
});

describe('in the user language', () => {
  it('each of the five has its own subject for every mail; an unknown or missing language is English', () => {
    for (const make of [
      (language: string | null) => reportMail('received', { to: 'a@b.co', reportId: 'R1', language }),
      (language: string | null) => reportMail('resolved', { to: 'a@b.co', reportId: 'R1', language }),
      (language: string | null) => contactReceivedMail({ to: 'a@b.co', reference: 'C1', language }),
    ]) {
      const subjects = new Set(LANGUAGES.map((language) => make(language).subject));
      expect(subjects.size).toBe(LANGUAGES.length);
      expect(make('it')).toEqual(make(null));
      expect(make(null)).toEqual(make('en'));
    }
    expect(reportMail('received', { to: 'a@b.co', reportId: 'R7', language: 'de' }).subject).toBe(
      'Wir haben deine Meldung erhalten (Referenz R7)',
    );
  });
});
