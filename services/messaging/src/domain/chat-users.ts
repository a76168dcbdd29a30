import { MSG } from '@nomadswap/contracts/messages';
import type { ChatUser } from '@nomadswap/contracts/responses';
import type { MessagingContext } from '../context';
import type { ChatUserRecord } from '../data/chat-user';
import { hex, oid, op } from '../data/ids';

/** How a deleted user appears in every chat: no name, no avatar, nothing that identified them. */
export function deletedChatUser(id: string): ChatUser {
  return {
    id,
    fullName: MSG.deletedUser,
    username: '',
    avatar: null,
    rating: 0,
    reviewCount: 0,
    deleted: true,
  };
}

/** The public summary of a participant (never e-mail, never a hash); a user not projected yet gets a bare one. */
export function presentChatUser(id: string, record: ChatUserRecord | undefined): ChatUser {
  if (record?.deleted) return deletedChatUser(id);
  return {
    id,
    fullName: record?.fullName ?? '',
    username: record?.username ?? '',
    avatar: record?.avatar ?? null,
    rating: record?.rating ?? 0,
    reviewCount: record?.reviewCount ?? 0,
    deleted: false,
  };
}

/** The summaries of `ids`, in one query. */
export async function loadChatUsers(
  ctx: Pick<MessagingContext, 'users'>,
  ids: Iterable<string>,
): Promise<Map<string, ChatUser>> {
  const unique = [...new Set(ids)];
  const records = await ctx.users.find({ _id: op({ $in: unique.map(oid) }) }).lean<ChatUserRecord[]>();
  const byId = new Map(records.map((record) => [hex(record._id), record]));
  return new Map(unique.map((id) => [id, presentChatUser(id, byId.get(id))]));
}

export type ParticipantState = 'unknown' | 'deleted' | 'unapproved' | 'active';

/**
 * Whether `userId` can take part in a chat now. Approval and existence come from the auth service's user state
 * (current on every request); deletion also from the projection's tombstone, which outlives Redis data.
 */
export async function participantState(
  ctx: Pick<MessagingContext, 'users' | 'userState'>,
  userId: string,
): Promise<ParticipantState> {
  const [state, record] = await Promise.all([
    ctx.userState.get(userId),
    ctx.users.findById(oid(userId)).lean<ChatUserRecord>(),
  ]);
  if (record?.deleted) return 'deleted';
  if (!state) return 'unknown';
  return state.isApproved || state.role === 'admin' ? 'active' : 'unapproved';
}
