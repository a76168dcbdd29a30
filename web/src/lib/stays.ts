import { formatDate } from './format';

/**
 * A stay's day as its city's calendar shows it ('20 Dec'), whatever the viewer's time zone (issue 22): the
 * server sends the moment (23:59 of the last day, 00:00 of the next stay's first) with the city's zone.
 */
export function formatStayDate(iso: string, timeZone: string, language: string): string {
  return formatDate(iso, language, { day: 'numeric', month: 'short', timeZone });
}

/** The city part of a stay's label ('Bangkok, Thailand' → 'Bangkok'). */
export function stayCity(location: string): string {
  return location.split(',')[0]?.trim() || location;
}
