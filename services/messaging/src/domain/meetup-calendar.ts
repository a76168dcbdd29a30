import { MSG } from '@nomadswap/contracts/messages';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import { loadVisibleExchange } from './act-on-exchange';
import { roleOf } from './exchange-process';
import { presentExchangeViews, processState } from './present-exchange';
import type { Viewer } from './viewer';

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + a space), never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** One hour is what a handover slot looks like; the event is only a reminder in the person's calendar. */
const MEETUP_DURATION_MS = 60 * 60 * 1000;

/**
 * The meetup of an exchange as an iCalendar event (participants only): the time in UTC, the place, the other
 * person's name and the item. Its UID stays the same when the meetup changes, so calendars update the event.
 */
export async function meetupCalendar(
  ctx: MessagingContext,
  props: { viewer: Viewer; exchangeId: string },
): Promise<{ filename: string; body: string }> {
  const record = await loadVisibleExchange(ctx, props.exchangeId, props.viewer);
  if (!roleOf(processState(record), props.viewer.id) || !record.meetup) {
    throw new NotFoundError(MSG.exchangeNoMeetup, { code: 'NO_MEETUP' });
  }
  const [view] = await presentExchangeViews(ctx, [record]);
  const other = view!.requesterId === props.viewer.id ? view!.owner : view!.requester;
  const summary = `NomadSwap: swap with ${other?.fullName || 'your swap partner'}${view!.item ? ` (${view!.item.title})` : ''}`;
  const { meetup } = record;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//NomadSwap//Swap meetup//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:exchange-${view!.id}@nomadswap`,
    `DTSTAMP:${icsTime(ctx.now())}`,
    `DTSTART:${icsTime(meetup.at)}`,
    `DTEND:${icsTime(new Date(meetup.at.getTime() + MEETUP_DURATION_MS))}`,
    `SEQUENCE:${Math.floor(meetup.proposedAt.getTime() / 1000)}`,
    `SUMMARY:${escapeIcsText(summary)}`,
    `LOCATION:${escapeIcsText(meetup.place)}`,
    ...(meetup.note ? [`DESCRIPTION:${escapeIcsText(meetup.note)}`] : []),
    `STATUS:${meetup.agreed ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return { filename: `nomadswap-meetup-${view!.id}.ics`, body: lines.map(foldIcsLine).join('\r\n') + '\r\n' };
}
