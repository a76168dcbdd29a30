import { ALERT_LIMITS } from '@nomadswap/contracts/alerts';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import type { ItemsContext } from '../context';
import type { AlertMatchRecord, AlertRecord } from '../data/alert';
import type { ItemRecord } from '../data/item';
import type { OwnerRecord } from '../data/owner';
import { isListed } from './item-deadlines';
import { alertDigestMail, alertDigestPush } from './mails';
import { type Id, op } from '../data/ids';

type DigestCtx = Pick<ItemsContext, 'alertDigests' | 'now'>;

/** The web page an e-mail's stop link opens (it asks, then stops the alert with a POST). */
export const ALERT_STOP_PATH = '/alerts/stop';

/**
 * What others see: listed (not swapped, not expired), its owner not in transit, not hidden by a suspension at
 * `now`. Only such items are queued for alerts and named in digests.
 */
export function isVisibleListing(
  item: Pick<ItemRecord, 'isActive' | 'isSwapped' | 'expiredAt' | 'ownerPaused' | 'hiddenUntil'>,
  now: Date,
): boolean {
  return (
    isListed(item) && !item.ownerPaused && (!item.hiddenUntil || item.hiddenUntil.getTime() <= now.getTime())
  );
}

/**
 * Plans the next digest of an alert: at once when it never had one, else ALERT_LIMITS.digestIntervalMs after
 * the last. The job id names the alert and the digest it follows, so planning it again (every new item until it
 * runs) adds nothing; the one after it has another id.
 */
export async function planAlertDigest(
  ctx: DigestCtx,
  alert: Pick<AlertRecord, '_id' | 'lastDigestAt'>,
): Promise<string> {
  const after = alert.lastDigestAt?.getTime() ?? 0;
  const runAt = after === 0 ? 0 : after + ALERT_LIMITS.digestIntervalMs;
  const jobId = `alert-digest-${alert._id.toHexString()}-${after}`;
  await ctx.alertDigests.add(
    'digest',
    { alertId: alert._id.toHexString(), after },
    { jobId, delay: Math.max(0, runAt - ctx.now().getTime()) },
  );
  return jobId;
}

/**
 * A new or relisted item is queued for the alerts of its city (and category) — not its owner's own, and only
 * when others can see it — once per alert (the unique index on alert and item: a second call, a relist after
 * the announcement, adds nothing), and each alert that got something new has its digest planned.
 * Answers how many alerts it was queued for.
 */
export async function queueItemForAlerts(
  ctx: Pick<ItemsContext, 'alerts' | 'alertMatches' | 'alertDigests' | 'now'>,
  item: Pick<
    ItemRecord,
    | '_id'
    | 'userId'
    | 'placeId'
    | 'category'
    | 'isActive'
    | 'isSwapped'
    | 'expiredAt'
    | 'ownerPaused'
    | 'hiddenUntil'
  > | null,
): Promise<number> {
  const now = ctx.now();
  if (!item?.placeId || !isVisibleListing(item, now)) return 0;
  const alerts = await ctx.alerts
    .find({
      placeId: item.placeId,
      userId: op({ $ne: item.userId }),
      category: op({ $in: [null, item.category] }),
    })
    .select({ _id: 1, lastDigestAt: 1 })
    .lean<Pick<AlertRecord, '_id' | 'lastDigestAt'>[]>();
  let queued = 0;
  for (const alert of alerts) {
    try {
      const { upsertedCount } = await ctx.alertMatches.updateOne(
        { alertId: alert._id, itemId: item._id },
        { $setOnInsert: { alertId: alert._id, itemId: item._id, createdAt: now, announcedAt: null } },
        { upsert: true },
      );
      if (upsertedCount === 0) continue;
    } catch (error) {
      // Queued concurrently by another call: that one plans the digest.
      if (isDuplicateKey(error)) continue;
      throw error;
    }
    queued++;
    await planAlertDigest(ctx, alert);
  }
  return queued;
}

/** A digest ran before its time by the context's clock and no other job covers it: BullMQ tries it again later. */
export class AlertDigestNotDueError extends Error {}

export type AlertDigestOutcome = 'sent' | 'gone' | 'replanned' | 'nothing-new' | 'nothing-listed' | 'raced';

/** Where the digest links to: browse in the alert's city (and category). */
export function alertBrowsePath(alert: Pick<AlertRecord, 'location' | 'placeId' | 'category'>): string {
  const params = new URLSearchParams({ location: alert.location, placeId: alert.placeId });
  if (alert.category) params.set('category', alert.category);
  return `/browse?${params.toString()}`;
}

/**
 * An alert's digest: the items queued for it since the last one that others can still see, by push (kind
 * 'alerts': messaging's worker honours the user's push switch) and by e-mail unless the user switched alert
 * e-mails off (`emailAlerts`, from messaging's settings events), in the user's language, with the
 * alert's stop link. At most one per ALERT_LIMITS.digestIntervalMs per alert: a job that comes early (planned
 * from an older digest) plans the right one instead. The digest's e-mail and push are enqueued under ids of
 * the digest they follow before the alert records it, so a retry sends nothing twice; a concurrent run that
 * recorded it first wins (`raced`). Queued items that others cannot see any more are dropped, not announced.
 */
export async function sendAlertDigest(
  ctx: Pick<
    ItemsContext,
    | 'alerts'
    | 'alertMatches'
    | 'alertDigests'
    | 'items'
    | 'owners'
    | 'notifications'
    | 'push'
    | 'now'
    | 'publicUrl'
  >,
  props: { alertId: Id; jobId: string },
): Promise<AlertDigestOutcome> {
  const alert = await ctx.alerts.findById(props.alertId).lean<AlertRecord>();
  if (!alert) return 'gone';
  const now = ctx.now();
  const after = alert.lastDigestAt?.getTime() ?? 0;
  if (after !== 0 && now.getTime() < after + ALERT_LIMITS.digestIntervalMs) {
    if ((await planAlertDigest(ctx, alert)) === props.jobId) {
      throw new AlertDigestNotDueError(`alert ${props.alertId.toHexString()} digest not due yet`);
    }
    return 'replanned';
  }
  const matches = await ctx.alertMatches
    .find({ alertId: alert._id, announcedAt: null })
    .sort({ createdAt: 1, _id: 1 })
    .lean<AlertMatchRecord[]>();
  if (matches.length === 0) return 'nothing-new';
  const found = await ctx.items
    .find({ _id: op({ $in: matches.map((match) => match.itemId) }) })
    .lean<ItemRecord[]>();
  const byId = new Map(found.map((item) => [item._id.toHexString(), item]));
  const items = matches
    .map((match) => byId.get(match.itemId.toHexString()))
    .filter((item): item is ItemRecord => !!item && isVisibleListing(item, now));
  const shown = new Set(items.map((item) => item._id.toHexString()));
  const dropped = matches.filter((match) => !shown.has(match.itemId.toHexString()));
  if (dropped.length) {
    await ctx.alertMatches.deleteMany({ _id: op({ $in: dropped.map((match) => match._id) }) });
  }
  if (items.length === 0) return 'nothing-listed';

  const owner = await ctx.owners.findById(alert.userId).lean<OwnerRecord>();
  if (owner?.deleted) return 'gone';
  const facts = {
    location: alert.location,
    category: alert.category,
    titles: items.map((item) => item.title),
    browsePath: alertBrowsePath(alert),
    language: owner?.language,
  };
  const digestId = `alert-digest-${alert._id.toHexString()}-${after}`;
  await ctx.push.enqueue(
    alertDigestPush({ ...facts, userId: alert.userId.toHexString(), alertId: alert._id.toHexString() }),
    { jobId: `${digestId}-push` },
  );
  if (owner?.email && owner.emailAlerts !== false) {
    const mail = alertDigestMail({
      ...facts,
      to: owner.email,
      name: owner.fullName,
      stopPath: `${ALERT_STOP_PATH}?token=${alert.token}`,
      publicUrl: ctx.publicUrl,
    });
    await ctx.notifications.enqueue(mail, { jobId: `${digestId}-mail` });
  }
  const claimed = await ctx.alerts.updateOne(
    { _id: alert._id, lastDigestAt: alert.lastDigestAt },
    { $set: { lastDigestAt: now } },
  );
  if (claimed.modifiedCount === 0) return 'raced';
  await ctx.alertMatches.updateMany(
    {
      _id: op({
        $in: matches.filter((m) => shown.has(m.itemId.toHexString())).map((m) => m._id),
      }),
    },
    { $set: { announcedAt: now } },
  );
  // An item queued while this ran (its planning found this job's id taken) waits for the next digest.
  if (await ctx.alertMatches.exists({ alertId: alert._id, announcedAt: null })) {
    await planAlertDigest(ctx, { _id: alert._id, lastDigestAt: now });
  }
  return 'sent';
}
