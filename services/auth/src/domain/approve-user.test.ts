import { describe, expect, it } from 'vitest';
import { approvalEmail } from './approve-user';

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
});
