import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import type { NotificationMail } from '@nomadswap/service-kit/notifications';
import { formatMomentUtc } from '@nomadswap/service-kit/language';
import type { MessagingContext } from '../context';
import type { ChatUserRecord } from '../data/chat-user';
import type { ExchangeRecord } from '../data/exchange';
import { settingsOf } from './get-messaging-settings';
import { messagingMails } from './mails';
import { hex, oid, op } from '../data/ids';
import { swapPush } from './push-texts';

/** The messaging service's queue of exchange deadlines (a proposal's expiry, a one-sided confirmation's completion). */
export const EXCHANGE_TIMER_QUEUE = 'exchange-timers';

export interface ExchangeTimerJob {
  exchangeId: string;
  action: 'expire' | 'auto_complete';
}

/** A job an exchange in a given state should have: its id says everything it depends on, so a retry adds nothing. */
interface PlannedJob {
  id: string;
  queue: 'timers' | 'mail' | 'push';
  at: Date;
  timer?: ExchangeTimerJob;
  /** For a `mail` or a `push` job: which message, to whom. */
  mail?: { kind: 'reminder' | 'prompt'; userId: string };
}

/**
 * The delayed jobs an exchange in this state needs: the proposal's expiry (14 days after it was made), the
 * completion 72 h after a single confirmation, and for an agreed meetup the reminder 2 h before and the "did it
 * happen?" prompt 2 h after, each to both parties. Ended or completed: none.
 */
export function plannedJobs(record: ExchangeRecord | null): PlannedJob[] {
  if (!record) return [];
  const id = hex(record._id);
  const jobs: PlannedJob[] = [];
  if (record.status === 'proposed') {
    jobs.push({
      id: `exchange-expire-${id}`,
      queue: 'timers',
      at: new Date(record.createdAt.getTime() + EXCHANGE_LIMITS.proposalExpiresMs),
      timer: { exchangeId: id, action: 'expire' },
    });
  }
  if (record.status !== 'accepted') return jobs;
  const confirmed = record.confirmedBy ?? [];
  if (confirmed.length === 1 && record.firstConfirmedAt) {
    jobs.push({
      id: `exchange-autocomplete-${id}-${record.firstConfirmedAt.getTime()}`,
      queue: 'timers',
      at: new Date(record.firstConfirmedAt.getTime() + EXCHANGE_LIMITS.confirmWindowMs),
      timer: { exchangeId: id, action: 'auto_complete' },
    });
  }
  if (record.meetup?.agreed) {
    const at = record.meetup.at.getTime();
    const stamp = `${at}-${record.meetup.proposedAt.getTime()}`;
    for (const userId of [hex(record.requesterId), hex(record.ownerId)]) {
      jobs.push(
        {
          id: `exchange-reminder-${id}-${userId}-${stamp}`,
          queue: 'mail',
          at: new Date(at - EXCHANGE_LIMITS.reminderBeforeMs),
          mail: { kind: 'reminder', userId },
        },
        {
          id: `exchange-prompt-${id}-${userId}-${stamp}`,
          queue: 'mail',
          at: new Date(at + EXCHANGE_LIMITS.promptAfterMs),
          mail: { kind: 'prompt', userId },
        },
      );
    }
    // The same two as pushes (issue 23); the push worker honours the reminders switch when they are due.
    for (const job of jobs.filter((planned) => planned.queue === 'mail')) {
      jobs.push({ ...job, id: `${job.id}-push`, queue: 'push' });
    }
  }
  return jobs;
}

/** The reminder and the prompt: who, where and when, and where to answer, in the recipient's language. */
export function meetupMail(props: {
  kind: 'reminder' | 'prompt';
  to: string;
  recipientName: string;
  otherName: string | null;
  otherId: string;
  place: string;
  at: Date;
  publicUrl?: string;
  language?: string | null;
}): NotificationMail {
  const texts = messagingMails(props.language);
  const other = props.otherName || texts.partner;
  const when = formatMomentUtc(props.at, props.language);
  const link = props.publicUrl
    ? `\n\n${new URL(`/messages?user=${props.otherId}`, props.publicUrl).href}`
    : '';
  const [subject, body] =
    props.kind === 'reminder'
      ? [texts.reminderSubject(other, when), texts.reminderBody(other, props.place, when)]
      : [texts.promptSubject(other), texts.promptBody(other, props.place, when)];
  return {
    to: props.to,
    subject,
    text: `${texts.greeting(props.recipientName)}\n\n${body}${link}\n\n${texts.signature}\n`,
  };
}

async function mailsFor(
  ctx: MessagingContext,
  record: ExchangeRecord,
  jobs: PlannedJob[],
): Promise<Map<string, NotificationMail>> {
  const mails = new Map<string, NotificationMail>();
  if (!record.meetup || jobs.length === 0) return mails;
  const parties = [hex(record.requesterId), hex(record.ownerId)];
  const [users, settings] = await Promise.all([
    ctx.users.find({ _id: op({ $in: parties.map(oid) }) }).lean<ChatUserRecord[]>(),
    settingsOf(ctx, parties),
  ]);
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  for (const job of jobs) {
    const userId = job.mail!.userId;
    const otherId = parties.find((id) => id !== userId)!;
    const recipient = byId.get(userId);
    if (!recipient?.email || recipient.deleted || settings.get(userId)?.emailReminders === false) continue;
    mails.set(
      job.id,
      meetupMail({
        kind: job.mail!.kind,
        to: recipient.email,
        recipientName: recipient.fullName,
        otherName: byId.get(otherId)?.fullName || null,
        otherId,
        place: record.meetup.place,
        at: record.meetup.at,
        publicUrl: ctx.publicUrl,
        language: recipient.language,
      }),
    );
  }
  return mails;
}

/** Names of the parties and the item's title, for the texts of pushes about one exchange. */
async function partiesOf(ctx: MessagingContext, record: ExchangeRecord) {
  const parties = [hex(record.requesterId), hex(record.ownerId)];
  const [users, item] = await Promise.all([
    ctx.users.find({ _id: op({ $in: parties.map(oid) }) }).lean<ChatUserRecord[]>(),
    record.itemId ? ctx.items.findById(record.itemId).lean<{ title?: string }>() : null,
  ]);
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  return {
    parties,
    /** Empty when unknown: the push texts say "your swap partner" in the recipient's language. */
    nameOf: (id: string) => byId.get(id)?.fullName || '',
    languageOf: (id: string) => byId.get(id)?.language ?? null,
    deleted: (id: string) => byId.get(id)?.deleted === true,
    itemTitle: item?.title ?? null,
  };
}

/** The reminder and prompt pushes of an agreed meetup, to enqueue delayed. */
async function swapPushes(ctx: MessagingContext, record: ExchangeRecord, jobs: PlannedJob[]) {
  if (jobs.length === 0) return [];
  const { parties, nameOf, languageOf, deleted, itemTitle } = await partiesOf(ctx, record);
  return jobs
    .filter((job) => !deleted(job.mail!.userId))
    .map((job) => {
      const otherId = parties.find((party) => party !== job.mail!.userId)!;
      const push = swapPush({
        userId: job.mail!.userId,
        kind: job.mail!.kind,
        otherId,
        otherName: nameOf(otherId),
        itemTitle,
        exchangeId: hex(record._id),
        language: languageOf(job.mail!.userId),
      });
      return { job, push };
    });
}

/**
 * The step of a swap the other party should hear about now, when they are not in the app: a request (to the
 * owner), an acceptance (to the requester), a meetup agreed (to whoever proposed it).
 */
export function swapStepOf(
  before: ExchangeRecord | null,
  after: ExchangeRecord,
): { kind: 'requested' | 'accepted' | 'meetup_agreed'; userId: string } | null {
  if (!before && after.status === 'proposed') return { kind: 'requested', userId: hex(after.ownerId) };
  if (before?.status === 'proposed' && after.status === 'accepted') {
    return { kind: 'accepted', userId: hex(after.requesterId) };
  }
  if (after.meetup?.agreed && !before?.meetup?.agreed) {
    return { kind: 'meetup_agreed', userId: hex(after.meetup.proposedBy) };
  }
  return null;
}

async function pushSwapStep(ctx: MessagingContext, before: ExchangeRecord | null, after: ExchangeRecord) {
  const step = swapStepOf(before, after);
  if (!step || !ctx.pushConfig) return;
  if (await ctx.presence.isOnline(step.userId)) return;
  const { parties, nameOf, languageOf, itemTitle } = await partiesOf(ctx, after);
  const otherId = parties.find((party) => party !== step.userId)!;
  const push = swapPush({
    userId: step.userId,
    kind: step.kind,
    otherId,
    otherName: nameOf(otherId),
    itemTitle,
    exchangeId: hex(after._id),
    language: languageOf(step.userId),
  });
  await ctx.push.enqueue(push, { jobId: `exchange-${step.kind}-${hex(after._id)}-${after.version ?? 0}` });
}

/**
 * Brings an exchange's delayed jobs in line with its state after a transition: the jobs `before` had and `after`
 * does not are removed (a meetup moved, the exchange ended), the jobs `after` needs are added with their delay from
 * the context's clock. Job ids are derived from the state, so adding one that exists changes nothing.
 */
export async function syncExchangeTimers(
  ctx: MessagingContext,
  before: ExchangeRecord | null,
  after: ExchangeRecord,
): Promise<void> {
  const next = plannedJobs(after);
  const nextIds = new Set(next.map((job) => job.id));
  const queues = { timers: ctx.timers, mail: ctx.notifications.queue, push: ctx.push.queue };
  const queueOf = (job: PlannedJob) => queues[job.queue];
  const stale = plannedJobs(before).filter((job) => !nextIds.has(job.id));
  await Promise.all(stale.map((job) => queueOf(job).remove(job.id)));
  const now = ctx.now().getTime();
  const mailJobs = next.filter((job) => job.queue === 'mail' && job.at.getTime() > now);
  const mails = await mailsFor(ctx, after, mailJobs);
  const pushJobs = ctx.pushConfig ? next.filter((job) => job.queue === 'push' && job.at.getTime() > now) : [];
  await Promise.all([
    pushSwapStep(ctx, before, after),
    ...(await swapPushes(ctx, after, pushJobs)).map(({ job, push }) =>
      ctx.push.enqueue(push, { jobId: job.id, delay: job.at.getTime() - now }),
    ),
    ...next
      .filter((job) => job.queue === 'timers')
      .map((job) =>
        ctx.timers.add(job.timer!.action, job.timer!, {
          jobId: job.id,
          delay: Math.max(0, job.at.getTime() - now),
        }),
      ),
    ...mailJobs.flatMap((job) => {
      const mail = mails.get(job.id);
      return mail
        ? [ctx.notifications.queue.add(mail.subject, mail, { jobId: job.id, delay: job.at.getTime() - now })]
        : [];
    }),
  ]);
}
