import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import { approvalEmail } from './compose-approval-mail';

describe('approvalEmail', () => {
  it('greets the user by name and links the sign-in page when the public URL is known', () => {
    const mail = approvalEmail({
      to: 'ana@example.com',
      fullName: 'Ana',
      publicUrl: 'https://nomadswap.example',
    });
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Your NomadSwap account is approved' });
    expect(mail.text).toMatch(/^Hi Ana,/);
    expect(mail.text).toContain('Sign in: https://nomadswap.example/auth/login');
  });

  it('without a public URL, carries no sign-in link', () => {
    expect(approvalEmail({ to: 'bo@example.com', fullName: 'Bo' }).text).not.toContain('Sign in:');
  });

  it("is written in the user's language, each of the five, and in English without one", () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mail = approvalEmail({
        to: 'x@example.com',
        fullName: 'Lena',
        publicUrl: 'https://n.example',
        language,
      });
      subjects.add(mail.subject);
      expect(mail.text).toContain('Lena');
      expect(mail.text).toContain('https://n.example/auth/login');
    }
    expect(subjects.size).toBe(LANGUAGES.length);
    const german = approvalEmail({ to: 'x@example.com', fullName: 'Lena', language: 'de' });
    expect(german.subject).toBe('Dein NomadSwap-Konto ist freigeschaltet');
    expect(german.text).toMatch(/^Hallo Lena,\n\ngute Nachrichten/);
    expect(approvalEmail({ to: 'x@example.com', fullName: 'Lena', language: null }).subject).toBe(
      'Your NomadSwap account is approved',
    );
  });
});
