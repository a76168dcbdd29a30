import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SanctionCreateInput } from '@nomadswap/contracts/sanctions';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser, type TestUser } from '../../test/support/factories';
import { sanctionEmail } from './compose-sanction-mail';
import { sanctionUser } from './sanction-user';

const NOW = new Date('2026-11-26T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let env: AuthTestEnv;
let admin: TestUser;
/** The users whose sessions were ended as a whole (`revokeUser`), in the order announced. */
const revokedUsers: string[] = [];
let watch: { close(): Promise<void> };

beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false, now: () => NOW });
  admin = await buildUser(env, { role: 'admin' });
  const watching = env.ctx.tokens.watchRevocations({
    onRevoked: () => undefined,
    onUserRevoked: (userId) => revokedUsers.push(userId),
  });
  await watching.ready;
  watch = watching;
});
afterAll(async () => {
  await watch.close();
  await env.close();
});

const sanction = (userId: string, input: SanctionCreateInput) =>
  sanctionUser(env.ctx, { adminId: admin.id, userId, input });

/** Waits for `userId`'s sessions to be announced as ended (pub/sub keeps the order of publication). */
async function untilRevoked(userId: string): Promise<void> {
  await expect.poll(() => revokedUsers.includes(userId), { timeout: 5_000 }).toBe(true);
}

describe('sanctionUser (issue 26)', () => {
  it('a warning has no end, leaves the user state and the sessions alone, and is mailed once under its id', async () => {
    const user = await buildUser(env);
    const stateBefore = await env.ctx.userState.get(user.id);

    const given = await sanction(user.id, { type: 'warn', reason: 'Rude messages to a buyer' });

    expect(given).toMatchObject({ type: 'warn', endsAt: null });
    expect(await env.ctx.userState.get(user.id)).toEqual(stateBefore);
    const job = await env.ctx.queues.notifications.queue.getJob(`sanction-${given.id}`);
    expect(job?.data).toEqual(
      sanctionEmail({
        to: user.email,
        fullName: user.record.fullName,
        type: 'warn',
        reason: 'Rude messages to a buyer',
        endsAt: null,
        publicUrl: env.ctx.settings.publicUrl,
      }),
    );
  });

  it('a restriction ends after its days, is in the user state at once, and keeps the sessions', async () => {
    const restricted = await buildUser(env);
    const suspended = await buildUser(env);

    const given = await sanction(restricted.id, { type: 'restrict', days: 7, reason: 'Listing fake items' });

    const endsAt = new Date(NOW.getTime() + 7 * DAY_MS);
    expect(given).toMatchObject({ type: 'restrict', endsAt: endsAt.toISOString() });
    expect(await env.ctx.userState.get(restricted.id)).toMatchObject({
      role: 'user',
      isApproved: true,
      sanction: { type: 'restrict', endsAt: endsAt.toISOString() },
    });
    // The sentinel: a suspension after it is announced; the restriction before it never was.
    await sanction(suspended.id, { type: 'suspend', reason: 'Threats in the chat' });
    await untilRevoked(suspended.id);
    expect(revokedUsers).not.toContain(restricted.id);
  });

  it('a warning to a restricted user keeps the restriction in the user state', async () => {
    const user = await buildUser(env);
    await sanction(user.id, { type: 'restrict', days: 3, reason: 'Listing fake items' });
    const restricted = await env.ctx.userState.get(user.id);

    await sanction(user.id, { type: 'warn', reason: 'Rude messages to a buyer' });

    expect(restricted?.sanction).toMatchObject({ type: 'restrict' });
    expect(await env.ctx.userState.get(user.id)).toEqual(restricted);
  });

  it('a suspension for good has no end, is in the user state and ends every session of the user', async () => {
    const user = await buildUser(env);

    const given = await sanction(user.id, { type: 'suspend', reason: 'Threats in the chat' });

    expect(given).toMatchObject({ type: 'suspend', endsAt: null });
    expect(await env.ctx.userState.get(user.id)).toMatchObject({
      sanction: { type: 'suspend', endsAt: null },
    });
    await untilRevoked(user.id);
    const job = await env.ctx.queues.notifications.queue.getJob(`sanction-${given.id}`);
    expect(job?.data.subject).toBe('Your NomadSwap account is suspended');
  });
});
