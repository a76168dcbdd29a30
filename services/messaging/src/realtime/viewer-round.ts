import { randomUUID } from 'node:crypto';
import { userStateFromHash, type UserState } from '@nomadswap/service-kit/auth';
import { luaConsumeOne, type RateLimiter } from '@nomadswap/service-kit/rate-limit';
import type { MessagingContext } from '../context';
import { redisScript } from '../data/redis-script';
import { CHAT_VERSION_TTL_SECONDS, chatVersionKey, luaChatVersion } from '../data/chat-state-cache';
import { luaLiveSockets, presenceKey } from './presence';

/** What a socket event's guard reads about who sent it, and optionally about the user the event is for. */
export interface ViewerRound {
  /** The socket's token is on the denylist (logged out). */
  revoked: boolean;
  /** The sender's current state; null when it is gone (deleted). */
  state: UserState | null;
  /** The other user's state, when asked for (a send's receiver); null when gone. */
  other?: UserState | null;
  /** With `other`: both users' chat-state versions, sender first (data/chat-state-cache.ts). */
  chatVersions?: [string, string];
  /** With `other`: whether they have an unexpired socket (a send's hooks: the offline nudge and push). */
  otherOnline?: boolean;
  /** With `takes`: the sender's point of that limiter was taken (null) or refused (the RateLimitedError). */
  limit?: Error | null;
}

/**
 * Lua: EXISTS of the denylist key and the sender's state hash; with more keys, the other user's state hash, both
 * users' chat-state versions (a missing one is set to ARGV[1] or ARGV[2], expiring after ARGV[3] seconds), how
 * many of the other user's sockets are unexpired at ARGV[4] (ms) and, with a seventh key, one point taken from that
 * rate-limit counter (window ARGV[5] seconds).
 */
const readRound = redisScript(`
local out = {redis.call('EXISTS', KEYS[1]), redis.call('HGETALL', KEYS[2])}
if KEYS[3] then
  out[3] = redis.call('HGETALL', KEYS[3])
  out[4] = ${luaChatVersion(4, 1, 3)}
  out[5] = ${luaChatVersion(5, 2, 3)}
  out[6] = ${luaLiveSockets(6, 4)}
  if KEYS[7] then out[7] = ${luaConsumeOne(7, 5)} end
end
return out`);

const toHash = (flat: string[]) => {
  const hash: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) hash[flat[i]!] = flat[i + 1]!;
  return hash;
};

/**
 * Every socket event's "who is this" read in one Redis command: whether the token is revoked and the sender's
 * state, plus, for a send, the receiver's state (the send's own check) and presence (its hooks') — one script instead of several
 * commands, each of which costs the replica more CPU than Redis spends on it (bench/chat, decision 0087).
 */
export async function readViewerRound(
  ctx: Pick<MessagingContext, 'redis' | 'tokens' | 'userState' | 'keyPrefix'>,
  props: {
    jti: string;
    userId: string;
    otherId?: string;
    /** With `otherId`: a limiter the event spends one of the sender's points of (a send's: no command of its own). */
    takes?: RateLimiter;
  },
): Promise<ViewerRound> {
  const keys = [ctx.tokens.denylistKey(props.jti), ctx.userState.keyOf(props.userId)];
  const args: (string | number)[] = [];
  if (props.otherId !== undefined) {
    keys.push(
      ctx.userState.keyOf(props.otherId),
      chatVersionKey(ctx.keyPrefix, props.userId),
      chatVersionKey(ctx.keyPrefix, props.otherId),
      presenceKey(ctx.keyPrefix, props.otherId),
    );
    args.push(randomUUID(), randomUUID(), CHAT_VERSION_TTL_SECONDS, Date.now());
    if (props.takes) {
      keys.push(props.takes.inScript.keyOf(props.userId));
      args.push(props.takes.inScript.durationSeconds);
    }
  }
  const [revoked, state, other, mine, theirs, live, taken] = (await readRound(ctx.redis, keys, args)) as [
    number,
    string[],
    string[]?,
    string?,
    string?,
    number?,
    [number, number]?,
  ];
  const round: ViewerRound = { revoked: revoked === 1, state: userStateFromHash(toHash(state)) };
  if (props.otherId !== undefined) {
    round.other = userStateFromHash(toHash(other ?? []));
    round.chatVersions = [mine!, theirs!];
    round.otherOnline = live! > 0;
    if (props.takes && taken) {
      try {
        props.takes.inScript.judge(taken);
        round.limit = null;
      } catch (refusal) {
        round.limit = refusal as Error;
      }
    }
  }
  return round;
}
