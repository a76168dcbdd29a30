import type { TFunction } from 'i18next';

/** Dates and numbers go through Intl in the page's language (design.md). Invalid input shows as ''. */

export function formatDate(
  iso: string | null | undefined,
  language: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, options).format(date);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A label with its count once the count is known: "My Items (3)"; just "My Items" while loading. */
export function withCount(t: TFunction, label: string, count: number | undefined): string {
  return count === undefined ? label : t('common.withCount', { label, count });
}
