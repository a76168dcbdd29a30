const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in ms (Lisbon in summer: +1 h). */
export function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant `hour:minute` of `date` (`YYYY-MM-DD`) on the wall clock of `timeZone`, with the offset then in force. */
function wallTimeIn(date: string, timeZone: string, hour: number, minute: number): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute);
  // The offset at a first guess, then at the instant it gives: they differ only when a change lies between.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/**
 * The instant a date picked without a time stands for: 23:59 that day on the wall clock of `timeZone` (an IANA
 * name; throws a RangeError for an unknown one). The offset is the one in force at that moment, so a DST
 * change earlier that day is taken into account.
 */
export function endOfDayIn(date: string, timeZone: string): Date {
  return wallTimeIn(date, timeZone, 23, 59);
}

/** 00:00 of `date` on the wall clock of `timeZone` (a next stay's first day, issue 22). */
export function startOfDayIn(date: string, timeZone: string): Date {
  return wallTimeIn(date, timeZone, 0, 0);
}

/** The day (`YYYY-MM-DD`) the wall calendar of `timeZone` shows at `instant`. */
export function dateIn(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  return new Date(at + offsetAt(at, timeZone)).toISOString().slice(0, 10);
}
