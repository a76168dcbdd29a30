import { MSG } from '@nomadswap/contracts/messages';
import type { EventData } from '@nomadswap/contracts/events';
import { REPORT_URGENCY_RANK } from '@nomadswap/contracts/enums';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { SafetySignalRecord } from '../data/safety-signal';
import { hex, oid, op } from '../data/ids';

/**
 * When one sender's flagged messages reach this many different people within the window, NomadSwap files a
 * report about them itself (issue 26). The messages are delivered all the same: the signal never blocks.
 */
export const SAFETY_SIGNAL_RULE = { people: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Longest excerpt of one message in the report's evidence. */
const EVIDENCE_CHARS = 300;

function evidence(signals: readonly SafetySignalRecord[]): string {
  return signals
    .map((signal) => {
      const text =
        signal.content.length > EVIDENCE_CHARS
          ? `${signal.content.slice(0, EVIDENCE_CHARS)}…`
          : signal.content;
      return `${signal.createdAt.toISOString()} · ${signal.kind} · to ${hex(signal.receiverId)}: “${text}”`;
    })
    .join('\n');
}

/**
 * Records a flagged message (idempotent: keyed by the message id) and, when its sender's flagged messages of the
 * last 24 h (up to this one) went to 3 or more people, files one report about the sender: reporter 'NomadSwap
 * safety', `source: 'safety-signal'`, high urgency, the messages as evidence — at most one per sender and UTC day
 * (a unique key, so two replicas handling the third message at once still file one).
 */
export async function recordSafetySignal(
  ctx: Pick<ModerationContext, 'safetySignals' | 'reports' | 'logger'>,
  data: EventData<'message.flagged'>,
): Promise<void> {
  const at = new Date(data.createdAt);
  const senderId = oid(data.senderId);
  await ctx.safetySignals.updateOne(
    { _id: oid(data.messageId) },
    {
      $setOnInsert: {
        senderId,
        receiverId: oid(data.receiverId),
        kind: data.kind,
        content: data.content,
        createdAt: at,
      },
    },
    { upsert: true },
  );
  const recent = await ctx.safetySignals
    .find({
      senderId,
      createdAt: op({ $gt: new Date(at.getTime() - SAFETY_SIGNAL_RULE.windowMs), $lte: at }),
    })
    .sort({ createdAt: 1 })
    .lean<SafetySignalRecord[]>();
  const people = new Set(recent.map((signal) => hex(signal.receiverId)));
  if (people.size < SAFETY_SIGNAL_RULE.people) return;

  const dedupeKey = `safety-signal:${data.senderId}:${at.toISOString().slice(0, 10)}`;
  try {
    await ctx.reports.create({
      type: 'fraud',
      urgency: 'high',
      urgencyRank: REPORT_URGENCY_RANK.high,
      subject: MSG.safetySignalSubject,
      description: evidence(recent),
      relatedUserId: senderId,
      relatedItemId: null,
      contactEmail: null,
      reporterId: null,
      source: 'safety-signal',
      dedupeKey,
      status: 'open',
      adminNotes: null,
      assignedTo: null,
      createdAt: at,
      updatedAt: at,
    });
    ctx.logger.info({ senderId: data.senderId, people: people.size }, 'safety signal report filed');
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
