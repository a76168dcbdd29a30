import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@nomadswap/contracts/alerts';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { AlertDigestNotDueError } from '../domain/alert-digests';
import type { AlertDigestJob } from './queues';
import { DEFAULT_MESSAGING_SETTINGS } from '@nomadswap/contracts/messaging';
import { applyNotificationSettings } from '../domain/apply-user-events';
import { runAlertDigestJob } from './alert-digests';
import { buildItemInput, buildOwner } from '../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';

const HOUR = 3_600_000;
const DAY = ALERT_LIMITS.digestIntervalMs;

let env: ItemsTestEnv;
let watcher: TestSession;
let lister: TestSession;
/** The context's clock, set by each test. */
let clock = new Date('2026-06-01T09:00:00.000Z');

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  env.ctx.now = () => clock;
  env.ctx.publicUrl = 'https://nomadswap.example';
  [watcher, lister] = await Promise.all([env.signIn(), env.signIn()]);
  await buildOwner(env, { id: watcher.id, fullName: 'Kai Watcher', email: 'kai@example.com' });
  await buildOwner(env, { id: lister.id });
});
afterAll(() => env.close());
afterEach(async () => {
  clock = new Date('2026-06-01T09:00:00.000Z');
  await env.ctx.alerts.deleteMany({});
  await env.ctx.alertMatches.deleteMany({});
  await env.ctx.alertDigests.obliterate({ force: true });
  await env.ctx.notifications.queue.obliterate({ force: true });
  await env.ctx.push.queue.obliterate({ force: true });
});

const api = () => request(env.app);

async function saveAlert(session: TestSession, body: Record<string, unknown>): Promise<string> {
  const res = await api().post('/api/alerts').set(session.headers).send(body);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function listItem(session: TestSession, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api()
    .post('/api/items')
    .set(session.headers)
    .send(buildItemInput({ location: 'Lisbon, Portugal', category: 'Books', ...overrides }));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The digests waiting to run (delayed or due), as BullMQ holds them. */
const plannedDigests = async () =>
  (await env.ctx.alertDigests.getJobs(['delayed', 'waiting'])).map((job) => ({
    id: job.id!,
    data: job.data,
    delay: job.opts.delay ?? 0,
  }));

const runDigest = (job: { id: string; data: AlertDigestJob }) => runAlertDigestJob(env.ctx, job);

const mails = async () =>
  (await env.ctx.notifications.queue.getJobs(['waiting', 'delayed'])).map((job) => job.data);
const pushes = async () => (await env.ctx.push.queue.getJobs(['waiting', 'delayed'])).map((job) => job.data);

describe('matching new items to alerts', () => {
  it('queues a new item for the alerts of its city and category once, not for its own lister, another category or city', async () => {
    const books = await saveAlert(watcher, { location: 'Lisbon', category: 'Books' });
    const any = await saveAlert(watcher, { location: 'Lisboa' });
    const music = await saveAlert(watcher, { location: 'Lisbon', category: 'Music' });
    const porto = await saveAlert(watcher, { location: 'Porto' });
    const own = await saveAlert(lister, { location: 'Lisbon' });
    const itemId = await listItem(lister);
    const matched = await env.ctx.alertMatches.find({ itemId }).lean();
    expect(matched.map((match) => match.alertId.toHexString()).sort()).toEqual([books, any].sort());
    for (const id of [music, porto, own])
      expect(matched.map((m) => m.alertId.toHexString())).not.toContain(id);
    // Each alert that got something has one digest planned, due at once (none was ever sent).
    expect((await plannedDigests()).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [books, any]
        .sort()
        .map((alertId) => ({ id: `alert-digest-${alertId}-0`, data: { alertId, after: 0 }, delay: 0 })),
    );
  });

  it('does not queue an item others cannot see (its owner is in transit) nor one outside any known city', async () => {
    await saveAlert(watcher, { location: 'Lisbon' });
    await env.ctx.owners.updateOne({ _id: lister.id }, { $set: { inTransit: true } });
    try {
      await listItem(lister);
    } finally {
      await env.ctx.owners.updateOne({ _id: lister.id }, { $set: { inTransit: false } });
    }
    await listItem(lister, { location: 'Nowhere in particular' });
    expect(await env.ctx.alertMatches.countDocuments({})).toBe(0);
    expect(await plannedDigests()).toEqual([]);
  });
  it('queues an item edited into the city or category of an alert, once; an edit that moves nothing queues nothing', async () => {
    const lisbon = await saveAlert(watcher, { location: 'Lisbon', category: 'Music' });
    const itemId = await listItem(lister, { location: 'Porto, Portugal', category: 'Books' });
    const edit = (overrides: Record<string, unknown>) =>
      api()
        .put(`/api/items/${itemId}`)
        .set(lister.headers)
        .send(buildItemInput({ location: 'Porto, Portugal', category: 'Books', ...overrides }));
    expect((await edit({ title: 'Same city, new title' })).status).toBe(200);
    expect(await env.ctx.alertMatches.countDocuments({})).toBe(0);
    // Into Lisbon but another category: still not this alert's.
    expect((await edit({ location: 'Lisbon, Portugal' })).status).toBe(200);
    expect(await env.ctx.alertMatches.countDocuments({})).toBe(0);
    // Now its category too: announced to the alert, once, with a digest planned.
    expect((await edit({ location: 'Lisbon, Portugal', category: 'Music' })).status).toBe(200);
    expect((await env.ctx.alertMatches.find({}).lean()).map((m) => m.alertId.toHexString())).toEqual([
      lisbon,
    ]);
    expect((await plannedDigests()).map((job) => job.id)).toEqual([`alert-digest-${lisbon}-0`]);
    // Away and back again: the same alert never hears of it twice.
    expect((await edit({ location: 'Porto, Portugal', category: 'Music' })).status).toBe(200);
    expect((await edit({ location: 'Lisbon, Portugal', category: 'Music' })).status).toBe(200);
    expect(await env.ctx.alertMatches.countDocuments({})).toBe(1);
  });
});

describe('the daily digest', () => {
  it('announces each item once, at most one digest a day: the first at once, the next 24 h after it (not 1 ms earlier)', async () => {
    const alertId = await saveAlert(watcher, { location: 'Lisbon', category: 'Books' });
    await listItem(lister, { title: 'Lonely Planet Portugal' });
    const [first] = await plannedDigests();
    expect(await runDigest(first!)).toEqual({ status: 'sent' });
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: 'kai@example.com', subject: '1 new item in Lisbon · Books' });
    expect(mail!.text).toContain('Hi Kai Watcher');
    expect(mail!.text).toContain('- Lonely Planet Portugal');
    expect(mail!.text).toContain(
      'https://nomadswap.example/browse?location=Lisbon%2C+Portugal&placeId=2267057&category=Books',
    );
    const token = (await env.ctx.alerts.findById(alertId).lean())!.token;
    expect(mail!.text).toContain(`https://nomadswap.example/alerts/stop?token=${token}`);
    expect(await pushes()).toEqual([
      {
        userId: watcher.id,
        kind: 'alerts',
        title: '1 new item in Lisbon · Books',
        body: 'Lonely Planet Portugal',
        url: '/browse?location=Lisbon%2C+Portugal&placeId=2267057&category=Books',
        tag: `alert-${alertId}`,
      },
    ]);
    // Running the same job again (a retry) sends nothing more.
    expect(await runDigest(first!)).toEqual({ status: 'replanned' });
    expect(await mails()).toHaveLength(1);

    // Two more items later that day: one digest planned for 24 h after the first, whatever the number of items.
    await env.ctx.alertDigests.obliterate({ force: true });
    const sentAt = clock.getTime();
    clock = new Date(sentAt + 3 * HOUR);
    await listItem(lister, { title: 'Pessoa, The Book of Disquiet' });
    clock = new Date(sentAt + 5 * HOUR);
    await listItem(lister, { title: 'Saramago, Blindness' });
    const planned = await plannedDigests();
    expect(planned).toEqual([
      { id: `alert-digest-${alertId}-${sentAt}`, data: { alertId, after: sentAt }, delay: DAY - 3 * HOUR },
    ]);
    // Run 1 ms early by our clock: not sent, BullMQ retries it.
    clock = new Date(sentAt + DAY - 1);
    await expect(runDigest(planned[0]!)).rejects.toBeInstanceOf(AlertDigestNotDueError);
    expect(await mails()).toHaveLength(1);
    clock = new Date(sentAt + DAY);
    expect(await runDigest(planned[0]!)).toEqual({ status: 'sent' });
    const second = (await mails()).find((m) => m.subject !== mail!.subject)!;
    expect(second.subject).toBe('2 new items in Lisbon · Books');
    expect(second.text).toContain('- Pessoa, The Book of Disquiet\n- Saramago, Blindness');
    expect(second.text).not.toContain('Lonely Planet');
    expect(await env.ctx.alertMatches.countDocuments({ alertId, announcedAt: null })).toBe(0);
  });

  it('never announces the same item twice to an alert, even when it expires and is relisted', async () => {
    await saveAlert(watcher, { location: 'Lisbon' });
    const itemId = await listItem(lister, { title: 'Kindle' });
    const [first] = await plannedDigests();
    expect(await runDigest(first!)).toEqual({ status: 'sent' });
    await env.ctx.items.updateOne({ _id: itemId }, { $set: { expiredAt: clock } });
    clock = new Date(clock.getTime() + 2 * DAY);
    const relist = await api()
      .post(`/api/items/${itemId}/relist`)
      .set(lister.headers)
      .send({ availableUntil: new Date(clock.getTime() + 7 * DAY).toISOString() });
    expect(relist.status).toBe(200);
    expect(await env.ctx.alertMatches.countDocuments({ itemId })).toBe(1);
    // Nothing new for the alert: no digest planned beyond the one that already ran.
    expect((await plannedDigests()).map((job) => job.id)).toEqual([first!.id]);
  });

  it('does not announce an item that is only extended (listed all along, listed before the alert)', async () => {
    const itemId = await listItem(lister, { title: 'Old news' });
    await saveAlert(watcher, { location: 'Lisbon' });
    await api()
      .post(`/api/items/${itemId}/relist`)
      .set(lister.headers)
      .send({ availableUntil: new Date(clock.getTime() + 7 * DAY).toISOString() })
      .expect(200);
    expect(await env.ctx.alertMatches.countDocuments({ itemId })).toBe(0);
    expect(await plannedDigests()).toEqual([]);
  });

  it('announces a relisted item it never announced', async () => {
    const itemId = await listItem(lister, { title: 'Camping stove' });
    await env.ctx.items.updateOne({ _id: itemId }, { $set: { expiredAt: clock } });
    await saveAlert(watcher, { location: 'Lisbon' });
    clock = new Date(clock.getTime() + HOUR);
    await api()
      .post(`/api/items/${itemId}/relist`)
      .set(lister.headers)
      .send({ availableUntil: new Date(clock.getTime() + 7 * DAY).toISOString() })
      .expect(200);
    const [digest] = await plannedDigests();
    expect(await runDigest(digest!)).toEqual({ status: 'sent' });
    expect((await mails())[0]!.text).toContain('- Camping stove');
  });

  it('leaves out items swapped or deleted before the digest, and sends nothing when none is left', async () => {
    await saveAlert(watcher, { location: 'Lisbon' });
    const swapped = await listItem(lister, { title: 'Swapped already' });
    const [digest] = await plannedDigests();
    await env.ctx.items.updateOne({ _id: swapped }, { $set: { isSwapped: true } });
    expect(await runDigest(digest!)).toEqual({ status: 'nothing-listed' });
    expect(await mails()).toEqual([]);
    expect(await pushes()).toEqual([]);
    expect(await env.ctx.alertMatches.countDocuments({})).toBe(0);
  });

  it('sends nothing for an alert stopped meanwhile', async () => {
    const alertId = await saveAlert(watcher, { location: 'Lisbon' });
    await listItem(lister);
    const [digest] = await plannedDigests();
    await api().delete(`/api/alerts/${alertId}`).set(watcher.headers).expect(204);
    expect(await runDigest(digest!)).toEqual({ status: 'gone' });
    expect(await mails()).toEqual([]);
  });

  it("is written in the alert owner's language (German), with the category's German name", async () => {
    const german = await env.signIn();
    await buildOwner(env, { id: german.id, fullName: 'Lena', email: 'lena@example.com', language: 'de' });
    await saveAlert(german, { location: 'Lisbon', category: 'Books' });
    await listItem(lister, { title: 'Ein Buch' });
    await listItem(lister, { title: 'Noch ein Buch' });
    const [digest] = await plannedDigests();
    expect(await runDigest(digest!)).toEqual({ status: 'sent' });
    const [mail] = await mails();
    expect(mail!.subject).toBe('2 neue Angebote in Lisbon · Bücher');
    expect(mail!.text).toContain('Hallo Lena');
    expect(mail!.text).toContain('Abbestellen:');
    expect((await pushes())[0]).toMatchObject({ title: mail!.subject, body: 'Ein Buch und Noch ein Buch' });
  });

  it(`names at most ${ALERT_LIMITS.titlesPerDigest} titles and counts the rest`, async () => {
    await saveAlert(watcher, { location: 'Lisbon' });
    for (let i = 1; i <= ALERT_LIMITS.titlesPerDigest + 2; i++)
      await listItem(lister, { title: `Book ${i}` });
    const [digest] = await plannedDigests();
    expect(await runDigest(digest!)).toEqual({ status: 'sent' });
    const [mail] = await mails();
    expect(mail!.subject).toBe(`${ALERT_LIMITS.titlesPerDigest + 2} new items in Lisbon`);
    expect(mail!.text).toContain(`- Book ${ALERT_LIMITS.titlesPerDigest}\n…and 2 more`);
    expect(mail!.text).not.toContain(`- Book ${ALERT_LIMITS.titlesPerDigest + 1}`);
  });

  it('pushes (kind alerts, for the push switch) but e-mails no one when the user’s address is unknown', async () => {
    const noMail = await env.signIn();
    await buildOwner(env, { id: noMail.id, email: '' });
    await saveAlert(noMail, { location: 'Lisbon' });
    await listItem(lister);
    const [digest] = await plannedDigests();
    expect(await runDigest(digest!)).toEqual({ status: 'sent' });
    expect(await mails()).toEqual([]);
    expect((await pushes()).map((push) => [push.userId, push.kind])).toEqual([[noMail.id, 'alerts']]);
  });

  it('e-mails nothing but still pushes when the user switched alert e-mails off; a late older change does not undo it', async () => {
    const quiet = await env.signIn();
    await buildOwner(env, { id: quiet.id, email: 'quiet@example.com' });
    const settings = (version: number, emailAlerts: boolean) =>
      applyNotificationSettings(env.ctx, {
        userId: quiet.id,
        version,
        settings: { ...DEFAULT_MESSAGING_SETTINGS, emailAlerts },
      });
    await settings(2, false);
    // An older change (alerts on) delivered late.
    await settings(1, true);
    await saveAlert(quiet, { location: 'Lisbon' });
    await listItem(lister);
    const [digest] = await plannedDigests();
    expect(await runDigest(digest!)).toEqual({ status: 'sent' });
    expect(await mails()).toEqual([]);
    expect((await pushes()).map((push) => [push.userId, push.kind])).toEqual([[quiet.id, 'alerts']]);

    // Switched back on: the next digest is e-mailed.
    await settings(3, true);
    await env.ctx.alertDigests.obliterate({ force: true });
    clock = new Date(clock.getTime() + DAY);
    await listItem(lister, { title: 'Second' });
    const [next] = await plannedDigests();
    expect(await runDigest(next!)).toEqual({ status: 'sent' });
    expect((await mails()).map((mail) => mail.to)).toEqual(['quiet@example.com']);
  });
});
