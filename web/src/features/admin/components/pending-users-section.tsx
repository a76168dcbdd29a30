import { CalendarDays, Eye, MapPin, PartyPopper } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { usePendingUsers } from '../api/get-pending-users';
import { ApproveUserButton } from './approve-user-button';
import { DeleteUserButton } from './delete-user-button';
import { displayPlaceLabel } from '../../../lib/place-label';

/** Pending User Approvals on the admin dashboard (spec section 2): oldest first, approve / view / delete. */
export function PendingUsersSection() {
  const { t } = useTranslation();
  const pending = usePendingUsers();

  return (
    <section aria-labelledby="pending-users-title" className="grid gap-4">
      <div className="flex items-center gap-2">
        <h2 id="pending-users-title" className="text-xl font-semibold tracking-tight">
          {t('admin.pendingTitle')}
        </h2>
        {pending.isSuccess ? (
          <Badge variant={pending.data.length > 0 ? 'warning' : 'secondary'}>{pending.data.length}</Badge>
        ) : null}
      </div>
      {pending.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          {[0, 1].map((n) => (
            <Skeleton key={n} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : pending.isError ? (
        <SectionError
          title={t('admin.pendingLoadFailed')}
          onRetry={() => void pending.refetch()}
          retrying={pending.isFetching}
        />
      ) : pending.data.length === 0 ? (
        <EmptyState
          icon={PartyPopper}
          title={t('admin.allCaughtUp')}
          description={t('admin.allCaughtUpDescription')}
        />
      ) : (
        <ul className="grid gap-3">
          {pending.data.map((user) => (
            <li key={user.id}>
              <PendingUserRow user={user} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingUserRow({ user }: { user: UserSelf }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar src={user.avatar} name={user.fullName} className="size-14 text-base" />
        <div className="grid min-w-0 gap-0.5">
          <h3 className="truncate font-semibold">{user.fullName}</h3>
          <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden="true" />
              {displayPlaceLabel(user.location, i18n.language)}
            </span>
            <span className="flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              {t('admin.registeredOn', { date: formatDate(user.createdAt, i18n.language) })}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.adminUser(user.id)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={t('admin.viewDetailsNamed', { name: user.fullName })}
        >
          <Eye aria-hidden="true" />
          {t('admin.viewDetails')}
        </Link>
        <ApproveUserButton user={user} />
        <DeleteUserButton user={user} via="admin" />
      </div>
    </article>
  );
}
