import { ITEM_DEADLINE_LIMITS } from '@nomadswap/contracts/items';
import { MSG } from '@nomadswap/contracts/messages';
import { ValidationError } from '@nomadswap/service-kit/errors';
import type { ItemsContext, ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import type { OwnerRecord } from '../data/owner';
import { updateItemAtVersion } from '../events/publish-item-events';
import { endOfDayIn } from '@nomadswap/places/wall-clock';
import { timeZoneOfItem } from './item-time-zone';
import { deadlineReminderMail, deadlineReminderPush } from './mails';
import { type Id } from '../data/ids';
import type { DeadlineJob } from '../jobs/queues';

interface PlannedJob {
  id: string;
  /** When it runs. */
  runAt: number;
  data: DeadlineJob;
}

/** An item whose state keeps changing under the expiry: the job fails and is tried again. */
const MAX_ATTEMPTS = 10;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant an owner's `availableUntil` stands for — a date-time as given, a date as 23:59 that day in the
 * item's city's time zone — checked against the context's clock: at least a minute ahead and at most a year
 * (400 with the catalogue's text otherwise).
 */
export function resolveAvailableUntil(
  core: Pick<ItemsCore, 'now'>,
  props: { value: string; item: Parameters<typeof timeZoneOfItem>[0] },
): Date {
  const at = DATE_ONLY.test(props.value)
    ? endOfDayIn(props.value, timeZoneOfItem(props.item))
    : new Date(props.value);
  const refuse = (message: string) =>
    new ValidationError(message, {
      code: 'INVALID_DEADLINE',
      details: [{ field: 'availableUntil', message }],
    });
  if (Number.isNaN(at.getTime())) throw refuse(MSG.availableUntilInvalid);
  const now = core.now().getTime();
  if (at.getTime() < now + ITEM_DEADLINE_LIMITS.minAheadMs) throw refuse(MSG.availableUntilPast);
  if (at.getTime() > now + ITEM_DEADLINE_LIMITS.maxAheadMs) throw refuse(MSG.availableUntilTooFar);
  return at;
}

/**
 * A new item's deadline when none is given (issue 22): its owner's departure — the end of their stay, 23:59 of
 * its last day in that city — when the item is in the stay's city and that moment is at least
 * ITEM_DEADLINE_LIMITS.minAheadMs ahead; else none. An explicit null (the owner cleared the date) is not asked here.
 */
export function departureFrom(
  core: Pick<ItemsCore, 'now'>,
  props: { stay: OwnerRecord['stay'] | undefined; placeId: string | null },
): Date | null {
  const { stay } = props;
  if (!props.placeId || !stay || stay.placeId !== props.placeId) return null;
  const until = new Date(stay.until);
  return until.getTime() >= core.now().getTime() + ITEM_DEADLINE_LIMITS.minAheadMs ? until : null;
}

/** Listed: active, not swapped, not expired (an expired item's deadline has nothing more to do). */
export function isListed(item: Pick<ItemRecord, 'isActive' | 'isSwapped' | 'expiredAt'>): boolean {
  return item.isActive && !item.isSwapped && !item.expiredAt;
}

/**
 * The jobs a listed item with a deadline needs: its expiry at the deadline, and its owner's reminders 48 h and
 * 6 h before. A reminder's id names the owner and the deadline, not the item: the owner's items leaving at the
 * same moment share one e-mail.
 */
export function plannedDeadlineJobs(
  item: Pick<ItemRecord, '_id' | 'userId' | 'availableUntil' | 'isActive' | 'isSwapped' | 'expiredAt'> | null,
): PlannedJob[] {
  if (!item?.availableUntil || !isListed(item)) return [];
  const at = new Date(item.availableUntil).getTime();
  const iso = new Date(at).toISOString();
  const itemId = item._id.toHexString();
  const userId = item.userId.toHexString();
  return [
    { id: `item-expire-${itemId}-${at}`, runAt: at, data: { kind: 'expire', itemId, at: iso } },
    ...ITEM_DEADLINE_LIMITS.remindersBeforeMs.map((beforeMs) => ({
      id: `item-remind-${userId}-${at}-${beforeMs}`,
      runAt: at - beforeMs,
      data: { kind: 'remind' as const, userId, at: iso, beforeMs },
    })),
  ];
}

/**
 * Brings an item's delayed jobs in line with its state after a write: the expiry `before` had and `after` does
 * not (a moved or removed deadline, a swapped or deleted item) is removed; the jobs `after` needs are added with
 * their delay from the context's clock (reminders whose moment has passed are not). Shared reminders are never
 * removed here — another item may still need them; they re-read the owner's items when they run.
 */
export async function syncItemDeadline(
  ctx: Pick<ItemsContext, 'deadlines' | 'now'>,
  before: Parameters<typeof plannedDeadlineJobs>[0],
  after: Parameters<typeof plannedDeadlineJobs>[0],
): Promise<void> {
  const next = plannedDeadlineJobs(after);
  const nextIds = new Set(next.map((job) => job.id));
  const stale = plannedDeadlineJobs(before).filter(
    (job) => job.data.kind === 'expire' && !nextIds.has(job.id),
  );
  await Promise.all(stale.map((job) => ctx.deadlines.remove(job.id)));
  const now = ctx.now().getTime();
  await Promise.all(
    next
      .filter((job) => job.data.kind === 'expire' || job.runAt > now)
      .map((job) =>
        ctx.deadlines.add(job.data.kind, job.data, { jobId: job.id, delay: Math.max(0, job.runAt - now) }),
      ),
  );
}

/** The expiry ran before its deadline by the context's clock: BullMQ tries it again later. */
export class DeadlineNotDueError extends Error {}

export type ExpireOutcome = 'expired' | 'stale' | 'gone' | 'not-listed' | 'reserved';

/**
 * At an item's deadline: the item expires (`expiredAt`), unless the deadline moved since the job was planned
 * (`stale`: the new one has its own job), it is gone, swapped or already expired, or an accepted exchange holds
 * it (`reserved`: it stays until that exchange ends, see apply-exchange-events.ts). Idempotent: it re-reads the
 * item and writes only with the version it read.
 */
export async function expireItem(
  core: Pick<ItemsCore, 'items' | 'bus' | 'now'>,
  props: { itemId: Id; at: Date },
): Promise<ExpireOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const item = await core.items.findById(props.itemId).lean<ItemRecord>();
    if (!item) return 'gone';
    if (!item.availableUntil || item.availableUntil.getTime() !== props.at.getTime()) return 'stale';
    if (!isListed(item)) return 'not-listed';
    const now = core.now();
    if (now.getTime() < props.at.getTime()) throw new DeadlineNotDueError(`item ${props.itemId} not due yet`);
    if (item.reservedFor) return 'reserved';
    const written = await updateItemAtVersion(core, item, { expiredAt: now });
    if (written) return 'expired';
  }
  throw new Error(`item ${props.itemId.toHexString()} kept changing; expiry left for a retry`);
}

export type RemindOutcome = 'sent' | 'nothing-listed' | 'no-address' | 'email-off';

/**
 * A reminder moment came (48 h or 6 h before a deadline): one e-mail to the owner about every item of theirs
 * still listed with that deadline, put on the notifications queue under the job's own id (a retry sends
 * nothing more). Items moved to another deadline, swapped, expired or deleted meanwhile are left out; none
 * left, no e-mail. The e-mail only while the owner's reminder e-mail switch is on (`email-off`: the push alone);
 * the push's own switch is messaging's worker's to honour, like every kind's.
 */
export async function remindOwner(
  ctx: Pick<ItemsContext, 'items' | 'owners' | 'notifications' | 'push' | 'publicUrl'>,
  props: { userId: Id; at: Date; beforeMs: number; jobId: string },
): Promise<RemindOutcome> {
  const items = await ctx.items
    .find({
      userId: props.userId,
      availableUntil: props.at,
      isActive: true,
      isSwapped: false,
      expiredAt: null,
    })
    .sort({ createdAt: 1, _id: 1 })
    .select({ title: 1, location: 1 })
    .lean<Pick<ItemRecord, 'title' | 'location'>[]>();
  if (items.length === 0) return 'nothing-listed';
  const owner = await ctx.owners.findById(props.userId).lean<OwnerRecord>();
  if (owner?.deleted) return 'no-address';
  // A push whether or not we know the address: messaging's worker sends it to the owner's devices, if any.
  await ctx.push.enqueue(
    deadlineReminderPush({
      userId: props.userId.toHexString(),
      items,
      at: props.at,
      beforeMs: props.beforeMs,
      language: owner?.language,
    }),
    { jobId: `${props.jobId}-push` },
  );
  if (!owner?.email) return 'no-address';
  if (owner.emailReminders === false) return 'email-off';
  const mail = deadlineReminderMail({
    to: owner.email,
    name: owner.fullName,
    items,
    beforeMs: props.beforeMs,
    publicUrl: ctx.publicUrl,
    language: owner.language,
  });
  await ctx.notifications.enqueue(mail, { jobId: props.jobId });
  return 'sent';
}
