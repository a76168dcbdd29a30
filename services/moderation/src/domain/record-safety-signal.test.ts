import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData } from '@nomadswap/contracts/events';
import type { Report } from '@nomadswap/contracts/responses';
import type { EventBus } from '@nomadswap/service-kit/events';
import { eventually, newId } from '@nomadswap/service-kit/testing';
import { createModerationTestEnv, type ModerationTestEnv } from '../../test/support/moderation-test-env';
import { consumeModerationEvents } from '../events/consume';
import { recordSafetySignal, SAFETY_SIGNAL_RULE } from './record-safety-signal';

let env: ModerationTestEnv;
let publisher: EventBus;

beforeAll(async () => {
  env = await createModerationTestEnv();
  consumeModerationEvents(env.bus, env.ctx);
  await env.bus.start();
  publisher = env.stores.createBus('messaging');
});
afterAll(() => env.close());

const T0 = new Date('2026-11-20T10:00:00.000Z').getTime();

function flagged(
  senderId: string,
  receiverId: string,
  atMs: number,
  content = 'Send a deposit by PayPal',
): EventData<'message.flagged'> {
  return {
    messageId: newId(),
    senderId,
    receiverId,
    kind: 'payment',
    content,
    createdAt: new Date(atMs).toISOString(),
  };
}

const autoReports = (senderId: string) =>
  env.ctx.reports.find({ source: 'safety-signal', relatedUserId: senderId }).lean();

describe('the safety signal (issue 26)', () => {
  it('files one report about a sender whose flagged messages reached 3 people in 24 h, with them as evidence', async () => {
    const [scammer, one, two, three] = [newId(), newId(), newId(), newId()];
    await publisher.publish('message.flagged', flagged(scammer, one, T0, 'PayPal me a deposit'));
    await publisher.publish('message.flagged', flagged(scammer, two, T0 + 1_000, 'Western Union works'));
    await publisher.publish('message.flagged', flagged(scammer, two, T0 + 2_000, 'Still there?'));
    await eventually(async () => (await env.ctx.safetySignals.countDocuments({ senderId: scammer })) === 3);
    expect(await autoReports(scammer)).toEqual([]);

    await publisher.publish('message.flagged', flagged(scammer, three, T0 + 3_000, 'Gift card first'));
    await eventually(async () => (await autoReports(scammer)).length === 1);

    const admin = await env.user({ role: 'admin' });
    const queue = await request(env.app).get('/api/reports?limit=50').set(admin.headers).expect(200);
    const report = (queue.body as Report[]).find((entry) => entry.relatedUser?.id === scammer);
    expect(report).toMatchObject({
      source: 'safety-signal',
      reporter: { fullName: 'NomadSwap safety' },
      reporterId: null,
      type: 'fraud',
      urgency: 'high',
      status: 'open',
    });
    for (const text of ['PayPal me a deposit', 'Western Union works', 'Still there?', 'Gift card first']) {
      expect(report!.description).toContain(text);
    }
  });

  it('counts people, not messages, and only within 24 h: exactly 24 h before is out, 1 ms less is in', async () => {
    const [sender, one, two, three] = [newId(), newId(), newId(), newId()];
    const window = SAFETY_SIGNAL_RULE.windowMs;
    await recordSafetySignal(env.ctx, flagged(sender, one, T0));
    await recordSafetySignal(env.ctx, flagged(sender, two, T0 + 1));
    await recordSafetySignal(env.ctx, flagged(sender, two, T0 + 2));
    await recordSafetySignal(env.ctx, flagged(sender, three, T0 + window));
    // The first message is exactly 24 h before the third person's: two people in the window.
    expect(await autoReports(sender)).toEqual([]);
    const [other, a, b, c] = [newId(), newId(), newId(), newId()];
    await recordSafetySignal(env.ctx, flagged(other, a, T0));
    await recordSafetySignal(env.ctx, flagged(other, b, T0 + 1));
    await recordSafetySignal(env.ctx, flagged(other, c, T0 + window - 1));
    expect(await autoReports(other)).toHaveLength(1);
  });

  it('is idempotent and files at most one report per sender and day, however many more messages follow', async () => {
    const [sender, one, two, three, four] = [newId(), newId(), newId(), newId(), newId()];
    const events = [flagged(sender, one, T0), flagged(sender, two, T0 + 1), flagged(sender, three, T0 + 2)];
    for (const event of [...events, ...events]) await recordSafetySignal(env.ctx, event);
    await Promise.all([
      recordSafetySignal(env.ctx, flagged(sender, four, T0 + 3)),
      recordSafetySignal(env.ctx, flagged(sender, four, T0 + 4)),
    ]);
    expect(await env.ctx.safetySignals.countDocuments({ senderId: sender })).toBe(5);
    expect(await autoReports(sender)).toHaveLength(1);
  });
});
