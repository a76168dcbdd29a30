import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser } from '../../test/support/factories';
import { moveEditedSwapCounts } from './move-edited-swap-counts';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
});
afterAll(() => env.close());

describe('moveEditedSwapCounts (issue 26 migration)', () => {
  it('moves a swap count an admin wrote into reviewCount to the completed swaps, once, and announces it', async () => {
    const edited = await buildUser(env);
    const belowSwaps = await buildUser(env);
    const untouched = await buildUser(env);
    // The old editor wrote 5 over 2 real reviews; another user's 1 is below the 3 swaps they completed.
    await env.models.users.updateOne(
      { _id: edited.id },
      { $set: { reviewCount: 5, ratingCount: 2, completedSwaps: 1, arrangedSwaps: 2 } },
    );
    await env.models.users.updateOne(
      { _id: belowSwaps.id },
      { $set: { reviewCount: 1, ratingCount: 0, completedSwaps: 3, arrangedSwaps: 4 } },
    );
    await env.models.users.updateOne(
      { _id: untouched.id },
      { $set: { reviewCount: 2, ratingCount: 2, completedSwaps: 1 } },
    );

    expect(await moveEditedSwapCounts(env.ctx)).toEqual({ moved: 2 });
    expect(await env.models.users.findById(edited.id).lean()).toMatchObject({
      reviewCount: 2,
      completedSwaps: 5,
      arrangedSwaps: 5,
      version: 2,
    });
    expect(await env.models.users.findById(belowSwaps.id).lean()).toMatchObject({
      reviewCount: 0,
      completedSwaps: 3,
      arrangedSwaps: 4,
    });
    expect(await env.models.users.findById(untouched.id).lean()).toMatchObject({
      reviewCount: 2,
      completedSwaps: 1,
      version: 1,
    });
    const event = (await env.events('user.updated')).find((e) => e.data.id === edited.id);
    expect(event?.data).toMatchObject({ reviewCount: 2, version: 2 });

    expect(await moveEditedSwapCounts(env.ctx)).toEqual({ moved: 0 });
  });
});
