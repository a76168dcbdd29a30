import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import {
  drainOutbox,
  killAfterWrites,
  killBeforeWrites,
  newId,
  passOutboxGrace,
} from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildAdmin, buildUser, type TestUser } from '../../test/support/factories';
import { applyReviewCreated, applyReviewDeleted } from '../domain/apply-review-events';
import { registerUserEventBuilders } from './publish-user-events';

/*
 * The guard of each user change (issue 14's outbox): its events are stored before the write, and a restarted
 * process sends them only if the stored user shows the change. Killed after the write, the change is announced;
 * killed before it, nothing is — a guard that matched the user as it was would announce a change that never
 * happened.
 */
let env: AuthTestEnv | undefined;
let restarted: EventBus | undefined;
afterEach(async () => {
  await restarted?.stop();
  await env?.close();
  restarted = env = undefined;
});

interface Arranged {
  admin: TestUser;
  editor: TestUser;
  counted: TestUser;
  reviewed: TestUser;
  unreviewed: TestUser;
  reviews: { created: string; deleted: string };
}

/** Users as each change finds them: `unreviewed` already counts the review that is then deleted. */
async function arrange(current: AuthTestEnv): Promise<Arranged> {
  const [admin, editor, counted, reviewed, unreviewed] = [
    await buildAdmin(current),
    await buildUser(current),
    await buildUser(current),
    await buildUser(current),
    await buildUser(current),
  ];
  const reviews = { created: newId(), deleted: newId() };
  await current.models.users.updateOne(
    { _id: unreviewed.id },
    {
      $set: { appliedReviewIds: [reviews.deleted], ratingSum: 4, ratingCount: 1, reviewCount: 1, version: 2 },
    },
  );
  // The admin sets the count it already has: only the version tells the write happened.
  await current.models.users.updateOne(
    { _id: counted.id },
    { $set: { completedSwaps: 4, arrangedSwaps: 4, version: 3 } },
  );
  return { admin, editor, counted, reviewed, unreviewed, reviews };
}

/** The four guarded user changes, each as the service makes it; each one's result is not looked at here. */
async function change(current: AuthTestEnv, users: Arranged): Promise<void> {
  const review = (id: string, revieweeId: string) => ({
    id,
    reviewerId: users.editor.id,
    revieweeId,
    exchangeId: newId(),
    rating: 4,
  });
  await request(current.app)
    .put(`/api/users/${users.editor.id}`)
    .set(users.editor.headers)
    .send({ fullName: 'Edited Name', location: 'Lisbon, Portugal', bio: 'A bio written before the crash.' });
  await request(current.app)
    .put(`/api/admin/users/${users.counted.id}/swap-count`)
    .set(users.admin.headers)
    .send({ reviewCount: 4 });
  await applyReviewCreated(current.ctx, review(users.reviews.created, users.reviewed.id)).catch(
    () => undefined,
  );
  await applyReviewDeleted(current.ctx, review(users.reviews.deleted, users.unreviewed.id)).catch(
    () => undefined,
  );
}

/** The restarted process (same database), once the grace has passed; emptied and stopped. */
async function restart(current: AuthTestEnv): Promise<void> {
  restarted = current.stores.serviceBus('auth');
  registerUserEventBuilders(restarted);
  await passOutboxGrace(current.ctx.mongo);
  await drainOutbox(restarted, current.ctx.mongo);
}

const announcedUsers = async (current: AuthTestEnv) =>
  (await current.events('user.updated')).map((event) => event.data.id).sort();

describe("auth: killed between storing a change's events and the write", () => {
  it('announces none of the four changes, and none happened', async () => {
    env = await createAuthTestEnv({ workers: false });
    const users = await arrange(env);
    const before = await env.models.users.find({}).lean();
    await killBeforeWrites(env.bus);

    await change(env, users);
    await restart(env);

    expect(await env.models.users.find({}).lean()).toEqual(before);
    expect(await announcedUsers(env)).toEqual([]);
    expect(await env.events('admin.action')).toEqual([]);
  });

  it('killed after the write instead, the restarted process announces each of them', async () => {
    env = await createAuthTestEnv({ workers: false });
    const users = await arrange(env);
    await killAfterWrites(env.bus);

    await change(env, users);
    await restart(env);

    expect(await announcedUsers(env)).toEqual(
      [users.editor.id, users.counted.id, users.reviewed.id, users.unreviewed.id].sort(),
    );
    const audit = await env.events('admin.action');
    expect(audit.map((event) => event.data)).toEqual([
      expect.objectContaining({ action: 'user.swap_count_changed', after: { completedSwaps: 4 } }),
    ]);
  });
});
