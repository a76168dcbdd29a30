import { cn } from '../../../lib/utils';
import { CalendarDays, Fingerprint, Mail, MapPin, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { StarRating } from '../../../components/star-rating';
import { formatRating } from '../../../lib/format';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { ApproveUserButton } from './approve-user-button';
import { DeleteUserButton } from './delete-user-button';
import { displayPlaceLabel } from '../../../lib/place-label';

/**
 * The profile card of the admin user detail (spec section 2): photo, name, username, approval badge,
 * location, join date, user id, bio, stars and review count. A pending user can be approved from here; any
 * account but the admin's own can be deleted.
 */
export function AdminUserCard({
  user,
  isSelf,
  onDeleted,
}: {
  user: UserSelf;
  isSelf: boolean;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="grid grid-cols-1 gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar src={user.avatar} name={user.fullName} className="size-20 text-xl" />
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere">{user.fullName}</h1>
            {user.isApproved ? (
              <Badge variant="success">{t('admin.badgeApproved')}</Badge>
            ) : (
              <Badge variant="warning">{t('admin.badgePending')}</Badge>
            )}
          </div>
          <p className="text-muted-foreground wrap-anywhere">@{user.username}</p>
          <div className="flex items-center gap-2 text-sm">
            <StarRating rating={user.rating} />
            <span className="font-semibold">{formatRating(user.rating, i18n.language)}</span>
            <span className="text-muted-foreground">
              {t('profile.reviewCount', { count: user.reviewCount })}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.isApproved ? null : <ApproveUserButton user={user} />}
          {isSelf ? null : <DeleteUserButton user={user} via="admin" onDeleted={onDeleted} />}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Detail
          icon={MapPin}
          label={t('profile.location')}
          value={displayPlaceLabel(user.location, i18n.language)}
        />
        <Detail icon={Mail} label={t('admin.email')} value={user.email} />
        <Detail
          icon={CalendarDays}
          label={t('admin.joined')}
          value={formatDate(user.createdAt, i18n.language, {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
          })}
        />
        <Detail icon={Fingerprint} label={t('admin.userId')} value={user.id} mono />
        <Detail
          icon={UserX}
          label={t('admin.noShows')}
          value={`${t('admin.noShowsCount', { count: user.noShows })} · ${t('profile.reliability', {
            completed: user.completedSwaps,
            arranged: user.arrangedSwaps,
          })}`}
        />
      </dl>
      {user.bio ? (
        <div className="grid gap-1">
          <h2 className="text-sm font-semibold">{t('admin.bio')}</h2>
          <p className="whitespace-pre-line text-sm text-foreground/90 wrap-anywhere">{user.bio}</p>
        </div>
      ) : null}
    </Card>
  );
}

function Detail({
  icon: Icon,
  label,
  value,
  mono = false,
}: {
  icon: typeof MapPin;
  label: string;
  value: string;
  mono?: boolean;
}) {
  return (
    // dt and dd sit directly in the div that sits directly in the <dl> (the only grouping HTML allows).
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-2 text-xs text-muted-foreground">
        <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className={cn('pl-6', mono ? 'break-all font-mono text-xs' : 'wrap-anywhere')}>{value}</dd>
    </div>
  );
}
