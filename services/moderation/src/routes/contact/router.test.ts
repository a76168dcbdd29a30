import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from '../../../test/support/moderation-test-env';

let env: ModerationTestEnv;
let pending: TestUser;
let admin: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  [pending, admin] = await Promise.all([env.user({ isApproved: false }), env.user({ role: 'admin' })]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const valid = (extra: Record<string, unknown> = {}) => ({
  name: '  Ana Nomad ',
  email: 'ana@example.test',
  subject: 'Question about swaps',
  category: 'general',
  message: 'How do I mark an item as swapped?',
  ...extra,
});

describe('POST /api/contact', () => {
  it('a visitor’s message is stored trimmed, answered 201 and acknowledged by e-mail', async () => {
    const res = await api().post('/api/contact').send(valid());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ana Nomad',
      email: 'ana@example.test',
      category: 'general',
      userId: null,
    });
    expect(await env.ctx.contactMessages.countDocuments({ _id: res.body.id })).toBe(1);
    const mails = (await env.mails()).filter((mail) => mail.to === 'ana@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`We received your message (reference ${res.body.id})`);
    expect(mails[0]!.text).toContain(res.body.id);
  });

  it('acknowledges a signed-in sender in the language of their profile (French here)', async () => {
    const claire = await env.user({ fullName: 'Claire', language: 'fr' });
    const res = await api()
      .post('/api/contact')
      .set(claire.headers)
      .send(valid({ email: 'claire@example.test' }));
    expect(res.status).toBe(201);
    const [mail] = (await env.mails()).filter((sent) => sent.to === 'claire@example.test');
    expect(mail!.subject).toBe(`Nous avons bien reçu votre message (référence ${res.body.id})`);
    expect(mail!.text).toMatch(/^Bonjour,\n\nmerci d'avoir contacté NomadSwap\./);
    expect(mail!.text).toContain("— L'équipe NomadSwap");
  });

  it.each([
    ['en', 'We received your message', 'Hello,'],
    ['es', 'Hemos recibido tu mensaje', 'Hola:'],
    ['pt', 'Recebemos a sua mensagem', 'Olá,'],
    ['fr', 'Nous avons bien reçu votre message', 'Bonjour,'],
    ['de', 'Wir haben deine Nachricht erhalten', 'Hallo,'],
  ])('acknowledges a visitor in the language the form sends (%s)', async (language, subject, hello) => {
    const to = `visitor-${language}@example.test`;
    const res = await api()
      .post('/api/contact')
      .set('Accept-Language', language === 'en' ? 'de' : 'en')
      .send(valid({ email: to, language }));
    expect(res.status).toBe(201);
    const [mail] = (await env.mails()).filter((sent) => sent.to === to);
    expect(mail!.subject.startsWith(`${subject} (`)).toBe(true);
    expect(mail!.text.startsWith(`${hello}\n\n`)).toBe(true);
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.5', 'Wir haben deine Nachricht erhalten'],
    ['it-IT,pt;q=0.8', 'Recebemos a sua mensagem'],
    ['it-IT,it;q=0.9', 'We received your message'],
    [undefined, 'We received your message'],
  ])(
    'without one, a visitor is acknowledged by Accept-Language %s, English when it names none we speak',
    async (header, subject) => {
      const to = `header-${header ?? 'none'}@example.test`.replace(/[^\w@.-]/g, '');
      const req = api().post('/api/contact');
      if (header) req.set('Accept-Language', header);
      expect((await req.send(valid({ email: to }))).status).toBe(201);
      const [mail] = (await env.mails()).filter((sent) => sent.to === to);
      expect(mail!.subject.startsWith(`${subject} (`)).toBe(true);
    },
  );

  it("the form's language wins over a signed-in sender's profile; a language we do not speak is refused with 400", async () => {
    const lena = await env.user({ fullName: 'Lena', language: 'fr' });
    const res = await api()
      .post('/api/contact')
      .set(lena.headers)
      .send(valid({ email: 'lena@example.test', language: 'de' }));
    expect(res.status).toBe(201);
    const [mail] = (await env.mails()).filter((sent) => sent.to === 'lena@example.test');
    expect(mail!.subject.startsWith('Wir haben deine Nachricht erhalten (')).toBe(true);
    const refused = await api()
      .post('/api/contact')
      .send(valid({ language: 'it' }));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual({ field: 'language', message: 'Invalid input' });
  });

  it('acknowledges with a fixed text and a reference: nothing the sender typed reaches the address', async () => {
    const lure = 'Visit https://evil.example/login';
    const res = await api()
      .post('/api/contact')
      .send(
        valid({ email: 'stranger@example.test', name: lure, subject: lure, message: `${lure} now please` }),
      );
    expect(res.status).toBe(201);
    const [mail] = (await env.mails()).filter((m) => m.to === 'stranger@example.test');
    expect(mail!.text).toContain(res.body.id);
    for (const part of [mail!.subject, mail!.text]) {
      expect(part).not.toMatch(/evil|Visit|https?:/);
    }
  });

  it('a signed-in sender (even unapproved) is recorded', async () => {
    const res = await api()
      .post('/api/contact')
      .set(pending.headers)
      .send(valid({ category: 'support' }));
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(pending.id);
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ subject: undefined }, 'subject', 'Subject is required'],
    [{ category: 'sales' }, 'category', 'Please select a category'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters'],
  ])('bad input %j → 400 on %s with “%s”', async (extra, field, message) => {
    const res = await api().post('/api/contact').send(valid(extra));
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field, message });
  });

  it('a client sending too many messages gets 429 with Retry-After', async () => {
    const limited = await createModerationTestEnv({ contactMessagesPerHour: 1 });
    try {
      expect((await request(limited.app).post('/api/contact').send(valid())).status).toBe(201);
      const second = await request(limited.app).post('/api/contact').send(valid());
      expect(second.status).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('admins list messages newest first with the total; users 403, visitors 401', async () => {
    const first = (
      await api()
        .post('/api/contact')
        .send(valid({ subject: 'First one' }))
    ).body;
    const second = (
      await api()
        .post('/api/contact')
        .send(valid({ subject: 'Second one' }))
    ).body;
    const res = await api().get('/api/admin/contact-messages?limit=2').set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect((await api().get('/api/admin/contact-messages')).status).toBe(401);
    expect((await api().get('/api/admin/contact-messages').set(pending.headers)).status).toBe(403);
    const ana = await env.user();
    expect((await api().get('/api/admin/contact-messages').set(ana.headers)).status).toBe(403);
    expect((await api().get('/api/admin/contact-messages?page=0').set(admin.headers)).status).toBe(400);
  });
});
