import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { ChatUserModel, ChatUserRecord } from './chat-user';
import { aggregateOnce, type DatabaseHandle } from './db-command';
import { oid, op } from './ids';

/** `blockerId` blocked `blockedId`: no messages or typing either way, no presence. Reversible. */
export interface BlockRecord {
  _id: Types.ObjectId;
  blockerId: Types.ObjectId;
  blockedId: Types.ObjectId;
  createdAt: Date;
}

export type BlockModel = Model<BlockRecord>;

export const blockSchema = new Schema<BlockRecord>(
  {
    blockerId: { type: Schema.Types.ObjectId, required: true },
    blockedId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'blocks', versionKey: false },
);
blockSchema.index({ blockerId: 1, blockedId: 1 }, { unique: true });
blockSchema.index({ blockedId: 1 });

export function blockModel(connection: Connection): BlockModel {
  return (
    (connection.models.Block as BlockModel | undefined) ?? connection.model<BlockRecord>('Block', blockSchema)
  );
}

/**
 * True when either user blocked the other: then no message, typing or presence passes between them. Asked as
 * "blocker and blocked both among {a, b}" rather than an `$or` of the two directions: that is the same set (nobody
 * can block themselves, and `a` ≠ `b` for every caller) and an exact lookup on the unique blocker+blocked index,
 * where the engine runs an `$or` as a scan of every block. Through the driver's collection: every send and typing
 * signal asks this, and mongoose's query building cost more CPU than the command (bench/chat).
 */
export async function isBlockedEitherWay(
  ctx: { blocks: BlockModel },
  a: string,
  b: string,
): Promise<boolean> {
  if (a === b) return false;
  const pair = [oid(a), oid(b)];
  const found = await ctx.blocks.collection.findOne(
    { blockerId: { $in: pair }, blockedId: { $in: pair } },
    { projection: { _id: 1 } },
  );
  return found !== null;
}

/**
 * A send's database checks in one command: both participants' projection rows and whether either blocked the
 * other. The users' exact `_id` lookup, with a `$unionWith` of the blocks between the two (the same exact lookup on
 * the unique blocker+blocked index as isBlockedEitherWay, at most one row). One command instead of two per send:
 * each costs the replica more CPU in the driver than the engine spends answering it (bench/chat).
 */
export async function participantsAndBlock(
  ctx: DatabaseHandle & { users: ChatUserModel; blocks: BlockModel },
  a: string,
  b: string,
): Promise<{ users: ChatUserRecord[]; blocked: boolean }> {
  const pair = [oid(a), oid(b)];
  const rows = await aggregateOnce<ChatUserRecord | { _id: unknown; blockerId: unknown }>(
    ctx,
    ctx.users.collection.collectionName,
    [
      { $match: { _id: { $in: pair } } },
      {
        $unionWith: {
          coll: ctx.blocks.collection.collectionName,
          pipeline: [
            { $match: { blockerId: { $in: pair }, blockedId: { $in: pair } } },
            { $limit: 1 },
            { $project: { _id: 1, blockerId: 1 } },
          ],
        },
      },
    ],
  );
  const users: ChatUserRecord[] = [];
  let blocked = false;
  for (const row of rows) {
    if ('blockerId' in row) blocked = true;
    else users.push(row);
  }
  return { users, blocked };
}

/** The ids among `others` that `userId` blocked or that blocked `userId`. */
export async function blockedAmong(
  ctx: { blocks: BlockModel },
  userId: string,
  others: readonly string[],
): Promise<{ byMe: Set<string>; either: Set<string> }> {
  if (others.length === 0) return { byMe: new Set(), either: new Set() };
  const ids = others.map(oid);
  const rows = await ctx.blocks
    .find({
      $or: [
        { blockerId: oid(userId), blockedId: op({ $in: ids }) },
        { blockedId: oid(userId), blockerId: op({ $in: ids }) },
      ],
    })
    .lean();
  const byMe = new Set<string>();
  const either = new Set<string>();
  for (const row of rows) {
    const mine = row.blockerId.toHexString() === userId;
    const other = mine ? row.blockedId.toHexString() : row.blockerId.toHexString();
    either.add(other);
    if (mine) byMe.add(other);
  }
  return { byMe, either };
}
