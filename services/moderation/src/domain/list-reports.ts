import { MODERATION_PAGE, type ReportListQuery } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import type { ModerationContext } from '../context';
import type { ReportRecord } from '../data/report';
import { pageOf } from '../data/ids';
import { presentReports } from './present-report';

/** The admin queue: filtered by status/type/urgency, most urgent first and newest first within an urgency. */
export async function listReports(
  ctx: ModerationContext,
  props: { query: ReportListQuery },
): Promise<{ rows: Report[]; total: number }> {
  const { status, type, urgency } = props.query;
  const filter = {
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(urgency ? { urgency } : {}),
  };
  const { skip, limit } = pageOf(props.query, MODERATION_PAGE.defaultLimit);
  const [records, total] = await Promise.all([
    ctx.reports
      .find(filter)
      .sort({ urgencyRank: -1, createdAt: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .lean<ReportRecord[]>(),
    ctx.reports.countDocuments(filter),
  ]);
  return { rows: await presentReports(ctx, records), total };
}
