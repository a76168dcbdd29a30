import mongoose from 'mongoose';
import type { EventData } from '@nomadswap/contracts/events';
import type { AuthCore } from '../context';
import { rawUsers } from '../db/user';
import { writeUserChange } from '../events/publish-user-events';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/**
 * A completed exchange counts once for each of its two users (their profile's completed-swap count). The
 * exchange id is remembered on each user in the same atomic update, so a redelivered event changes nothing.
 */
export async function recordCompletedExchange(
  core: AuthCore,
  exchange: EventData<'exchange.completed'>,
): Promise<void> {
  const userIds = [...new Set([exchange.requesterId, exchange.ownerId])].filter((id) => OBJECT_ID.test(id));
  for (const userId of userIds) {
    await writeUserChange(core, 'user.updated', { userId, exists: { appliedExchangeIds: exchange.id } }, () =>
      rawUsers(core.users).findOneAndUpdate(
        { _id: new mongoose.Types.ObjectId(userId), appliedExchangeIds: { $ne: exchange.id } },
        { $push: { appliedExchangeIds: exchange.id }, $inc: { completedSwaps: 1, version: 1 } },
        { returnDocument: 'after' },
      ),
    );
  }
}
