import { MSG } from '@nomadswap/contracts/messages';
import { REPORT_URGENCY_RANK } from '@nomadswap/contracts/enums';
import type { ReportCreateInput } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import { ValidationError } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { ModerationItemRecord } from '../data/moderation-item';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReportRecord } from '../data/report';
import { hex, isObjectId, oid, type Id } from '../data/ids';
import { reportMail } from './mails';
import { presentReports } from './present-report';
import type { Viewer } from './viewer';

interface RelatedUser {
  id: Id | null;
  /** The username as given (without "@"); null when given as an id. */
  name: string | null;
}

/**
 * The reported user, by id or by username (with or without "@"), as the Report User hint and the form give it.
 * An unknown or deleted id is a 400, as for items (an id is only known from a page that showed it). A username is
 * never confirmed or denied: known or not, the report is filed the same way, with the name kept for the admins,
 * so the form cannot be used to find out who has an account or what their id is.
 */
async function resolveRelatedUser(ctx: ModerationContext, value: string): Promise<RelatedUser> {
  if (!isObjectId(value)) {
    const name = value.replace(/^@/, '');
    const user = await ctx.users.findOne({ username: name, deleted: false }).lean<ModerationUserRecord>();
    return { id: user?._id ?? null, name };
  }
  const user = await ctx.users.findOne({ _id: oid(value), deleted: false }).lean<ModerationUserRecord>();
  if (!user) {
    throw new ValidationError(MSG.userNotFound, {
      code: 'RELATED_USER_NOT_FOUND',
      details: [{ field: 'relatedUser', message: MSG.userNotFound }],
    });
  }
  return { id: user._id, name: null };
}

async function resolveRelatedItem(ctx: ModerationContext, value: string): Promise<Id> {
  const item = isObjectId(value)
    ? await ctx.items.findOne({ _id: oid(value), deleted: false }).lean<ModerationItemRecord>()
    : null;
  if (!item) {
    throw new ValidationError(MSG.itemNotFound, {
      code: 'RELATED_ITEM_NOT_FOUND',
      details: [{ field: 'relatedItem', message: MSG.itemNotFound }],
    });
  }
  return item._id;
}

/**
 * Where the reporter hears back: the address they gave, else their account's (when auth's events carry it); in
 * the language of their account when they were signed in.
 */
async function reporterAddress(
  ctx: ModerationContext,
  report: ReportRecord,
): Promise<{ to: string; language: string | null } | null> {
  const user = report.reporterId
    ? await ctx.users.findById(report.reporterId).lean<ModerationUserRecord>()
    : null;
  const known = user && !user.deleted ? user : null;
  const to = report.contactEmail || known?.email;
  return to ? { to, language: known?.language ?? null } : null;
}

/** Mails the reporter when an address is known; a mail that cannot be queued never undoes the report. */
export async function mailReporter(
  ctx: ModerationContext,
  report: ReportRecord,
  kind: 'received' | 'resolved',
): Promise<void> {
  try {
    const address = await reporterAddress(ctx, report);
    if (!address) return;
    const props = { ...address, reportId: hex(report._id), publicUrl: ctx.publicUrl };
    await ctx.notifications.enqueue(reportMail(kind, props), { jobId: `report-${kind}-${hex(report._id)}` });
  } catch (error) {
    ctx.logger.error({ err: error, reportId: hex(report._id) }, `report ${kind} e-mail not queued`);
  }
}

/**
 * Files a report, signed in or anonymous. A related item or a user named by id must exist; a user named by
 * username is resolved for the admins only. New reports are `open`; the
 * reporter gets an acknowledgement when an address is known.
 */
export async function createReport(
  ctx: ModerationContext,
  props: { viewer?: Viewer; input: ReportCreateInput },
): Promise<Report> {
  const { input } = props;
  const [relatedUser, relatedItemId] = await Promise.all([
    input.relatedUser ? resolveRelatedUser(ctx, input.relatedUser) : null,
    input.relatedItem ? resolveRelatedItem(ctx, input.relatedItem) : null,
  ]);
  const now = new Date();
  const created = await ctx.reports.create({
    type: input.type,
    urgency: input.urgency,
    urgencyRank: REPORT_URGENCY_RANK[input.urgency],
    subject: input.subject,
    description: input.description,
    relatedUserId: relatedUser?.id ?? null,
    relatedUserName: relatedUser?.name ?? null,
    relatedItemId,
    contactEmail: input.contactEmail ?? null,
    reporterId: props.viewer ? oid(props.viewer.id) : null,
    status: 'open',
    adminNotes: null,
    assignedTo: null,
    createdAt: now,
    updatedAt: now,
  });
  const record = created.toObject({
    transform: false,
    flattenObjectIds: false,
    virtuals: false,
  }) as ReportRecord;
  await mailReporter(ctx, record, 'received');
  const [report] = await presentReports(ctx, [record]);
  if (props.viewer?.role === 'admin') return report!;
  // Ids and names only for admins: a filer who named a user gets the same answer whether the name is an account
  // or not, and one who gave an id learns no name from it.
  const named = typeof relatedUser?.name === 'string';
  return { ...report!, relatedUser: named || !report!.relatedUser ? null : { id: report!.relatedUser.id } };
}
