import { describe, expect, it } from 'vitest';
import { LoginSchema, ProfileUpdateSchema, RegisterFormSchema, SwapCountSchema } from '../src/auth';
import { ItemCreateSchema, ItemQuerySchema } from '../src/items';
import { ContactSchema, ReportCreateSchema, ReviewCreateSchema } from '../src/moderation';
import { MessageSendSchema, MessagingSettingsUpdateSchema } from '../src/messaging';
import { findRoute, ROUTE_TABLE } from '../src/routes';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const validRegistration = {
  fullName: 'Ana Nomad',
  username: 'ana',
  email: 'Ana@Example.com',
  location: 'Lisbon, Portugal',
  password: 'secret1',
  confirmPassword: 'secret1',
  bio: 'Slow traveller with too many books.',
  avatar: PNG,
  agreeToTerms: true,
};

describe('registration rules (spec section 5)', () => {
  it('accepts a valid form and lowercases the e-mail', () => {
    const parsed = RegisterFormSchema.parse(validRegistration);
    expect(parsed.email).toBe('ana@example.com');
  });

  it('gives each field its exact message', () => {
    const result = RegisterFormSchema.safeParse({
      ...validRegistration,
      username: 'ab',
      email: 'nope',
      password: '12345',
      confirmPassword: '12345',
      fullName: ' ',
      location: '',
      bio: 'short',
      avatar: '',
      agreeToTerms: false,
    });
    expect(messages(result)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      fullName: 'Full name is required',
      location: 'Location is required',
      bio: 'Bio must be at least 10 characters',
      avatar: 'Profile photo is required',
      agreeToTerms: 'You must agree to the Terms of Service and Privacy Policy',
    });
  });

  it("puts 'Passwords don't match' on the confirmation field", () => {
    const result = RegisterFormSchema.safeParse({ ...validRegistration, confirmPassword: 'other1' });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('refuses a photo that is not an image data URL', () => {
    const result = RegisterFormSchema.safeParse({
      ...validRegistration,
      avatar: 'data:text/plain;base64,aGk=',
    });
    expect(messages(result)).toEqual({ avatar: 'Invalid file type' });
  });
});

describe('other forms', () => {
  it('login needs a valid e-mail and a password', () => {
    expect(messages(LoginSchema.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
  });

  it('login refuses operator injection', () => {
    expect(LoginSchema.safeParse({ email: { $ne: null }, password: 'x' }).success).toBe(false);
  });

  it('profile update refuses fields other than fullName, location and bio', () => {
    const result = ProfileUpdateSchema.safeParse({
      fullName: 'A',
      location: 'B',
      isApproved: true,
      role: 'admin',
    });
    expect(result.success).toBe(false);
  });

  it('swap count must be a number ≥ 0', () => {
    expect(SwapCountSchema.parse({ reviewCount: '4' })).toEqual({ reviewCount: 4 });
    expect(messages(SwapCountSchema.safeParse({ reviewCount: -1 }))).toEqual({
      reviewCount: 'Invalid input',
    });
    expect(messages(SwapCountSchema.safeParse({ reviewCount: 'abc' }))).toEqual({
      reviewCount: 'Invalid input',
    });
    expect(SwapCountSchema.parse({ reviewCount: ' 12 ' })).toEqual({ reviewCount: 12 });
    for (const reviewCount of ['1e3', '0x10', '2.0', '+3', '-0', 'Infinity', '1_000']) {
      expect(messages(SwapCountSchema.safeParse({ reviewCount }))).toEqual({ reviewCount: 'Invalid input' });
    }
    for (const reviewCount of ['', ' ', null, true, [3], 1.5, undefined]) {
      expect(messages(SwapCountSchema.safeParse({ reviewCount }))).toEqual({ reviewCount: 'Invalid input' });
    }
  });

  it('an item drops a userId from the body and allows at most three photos', () => {
    const item = {
      title: 'Tent',
      description: 'Two-person tent',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Bali',
      userId: 'someone-else',
    };
    expect(ItemCreateSchema.parse(item)).not.toHaveProperty('userId');
    expect(messages(ItemCreateSchema.safeParse({ ...item, images: [PNG, PNG, PNG, PNG] }))).toEqual({
      images: 'Maximum photos reached',
    });
    expect(ItemCreateSchema.safeParse({ ...item, category: 'Cars' }).success).toBe(false);
  });

  it('the All Categories filter (empty category) means no category filter', () => {
    expect(ItemQuerySchema.parse({ category: '' }).category).toBeUndefined();
  });

  it('a message is trimmed and cannot be blank', () => {
    const receiverId = '65a1b2c3d4e5f60718293a4b';
    expect(MessageSendSchema.parse({ receiverId, content: '  hi  ' }).content).toBe('hi');
    expect(MessageSendSchema.safeParse({ receiverId, content: '   ' }).success).toBe(false);
  });

  it('a blank message and one over 2000 characters get their own texts', () => {
    const receiverId = '65a1b2c3d4e5f60718293a4b';
    expect(messages(MessageSendSchema.safeParse({ receiverId, content: ' \n ' }))).toEqual({
      content: 'Message cannot be empty',
    });
    expect(messages(MessageSendSchema.safeParse({ receiverId }))).toEqual({
      content: 'Message cannot be empty',
    });
    expect(messages(MessageSendSchema.safeParse({ receiverId, content: 'x'.repeat(2001) }))).toEqual({
      content: 'Message must be at most 2000 characters',
    });
    expect(MessageSendSchema.safeParse({ receiverId, content: 'x'.repeat(2000) }).success).toBe(true);
    expect(messages(MessageSendSchema.safeParse({ content: 'hi' }))).toEqual({
      receiverId: 'Please select a conversation',
    });
  });

  it('messaging settings updates refuse unknown fields', () => {
    expect(MessagingSettingsUpdateSchema.safeParse({ readReceipts: false }).success).toBe(true);
    expect(MessagingSettingsUpdateSchema.safeParse({ isApproved: true }).success).toBe(false);
  });

  it('contact, report and review forms use the spec texts', () => {
    expect(
      messages(
        ContactSchema.safeParse({ name: '', email: 'x', subject: '', category: '', message: 'short' }),
      ),
    ).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      subject: 'Subject is required',
      category: 'Please select a category',
      message: 'Message must be at least 10 characters',
    });
    expect(
      messages(
        ReportCreateSchema.safeParse({
          type: '',
          urgency: '',
          subject: 'abc',
          description: 'too short',
          contactEmail: 'x',
        }),
      ),
    ).toEqual({
      type: 'Please select a report type',
      urgency: 'Please select urgency level',
      subject: 'Subject must be at least 5 characters',
      description: 'Description must be at least 20 characters',
      contactEmail: 'Valid email required',
    });
    const review = { rating: 5, comment: 'x'.repeat(501), revieweeId: '65a1b2c3d4e5f60718293a4b' };
    expect(ReviewCreateSchema.safeParse(review).success).toBe(false);
    expect(messages(ReviewCreateSchema.safeParse({ ...review, comment: '   ' }))).toEqual({
      comment: 'Comment required',
    });
  });
});

describe('route table', () => {
  it('gives the longest matching prefix, so /api/admin paths go to the service owning them', () => {
    expect(findRoute('/api/admin/items/1')?.service).toBe('items');
    expect(findRoute('/api/admin/users/1/swap-count')?.service).toBe('auth');
    expect(findRoute('/api/admin/reviews/1')?.service).toBe('moderation');
    expect(findRoute('/api/conversations/65a1b2c3d4e5f60718293a4b/read')?.service).toBe('messaging');
    expect(findRoute('/api/messaging/settings')?.service).toBe('messaging');
    expect(findRoute('/api/blocks/1')?.service).toBe('messaging');
    expect(findRoute('/api/itemsX')).toBeUndefined();
    expect(findRoute('/api/unknown')).toBeUndefined();
  });

  it('has no prefix twice', () => {
    const prefixes = ROUTE_TABLE.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
