import { dateFormat } from '../../../lib/format';

/**
 * Dates of the chat (day separators, message times, "Active 12 min ago"), through Intl in the page's language.
 * Every bubble and conversation row formats a time in each render: the formats are the shared cached ones.
 */

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** The label of a day separator: Today, Yesterday, or the date (with the year when it is not this year). */
export function dayLabel(iso: string, language: string, now = new Date()): DayLabel {
  const date = new Date(iso);
  if (isSameDay(date, now)) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (isSameDay(date, yesterday)) return { kind: 'yesterday' };
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
  if (date.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return { kind: 'date', text: dateFormat(language, options).format(date) };
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };

/** A message's clock time ("14:05" / "2:05 PM"). */
export function clockTime(iso: string, language: string): string {
  return dateFormat(language, CLOCK).format(new Date(iso));
}

/** The conversation list's time: the clock today, the weekday within a week, else the date. */
export function listTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (isSameDay(date, now)) return clockTime(iso, language);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return dateFormat(language, WEEKDAY).format(date);
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
  if (date.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return dateFormat(language, options).format(date);
}

export type LastSeen =
  { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'unknown' };

/** Coarse presence: online is "now"; otherwise minutes, hours or days since the user was last connected. */
export function lastSeen(online: boolean, iso: string | null, now = Date.now()): LastSeen {
  if (online) return { unit: 'now' };
  if (!iso) return { unit: 'unknown' };
  // Rounded: the clock ticks once a minute, so a floor would read one minute short for most of it.
  const minutes = Math.max(1, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
