import { Handshake, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserPublic } from '@nomadswap/contracts/responses';
import { formatRating } from '../../../lib/format';
import { formatNumber } from '../../../lib/format';

/** The Stats tab: average rating to one decimal and exchanges completed (the completed swaps, not the reviews). */
export function ProfileStats({ user }: { user: UserPublic }) {
  const { t, i18n } = useTranslation();
  const stats = [
    { icon: Star, label: t('profile.stats.averageRating'), value: formatRating(user.rating, i18n.language) },
    {
      icon: Handshake,
      label: t('profile.stats.exchangesCompleted'),
      value: formatNumber(user.completedSwaps, i18n.language),
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {stats.map((stat) => (
        <div key={stat.label} className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
            <stat.icon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-2xl font-bold">{stat.value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
